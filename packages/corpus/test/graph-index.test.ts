import { afterEach, describe, expect, it } from '@jest/globals';
import { topPersonsOf } from '../src/browse/corpus-metrics.js';
import { rankTopPersons } from '../src/browse/top-persons.js';
import { conversationArc, personPositions, topicTimeline } from '../src/graph/cil-queries.js';
import { buildGraphIndex, graphIndexOf } from '../src/graph/graph-index.js';
import { isoWeekLabel, mondayOf, weeksBetween } from '../src/graph/iso-week.js';
import { insightsAbout, rankSelection, statedBy, whoSaid } from '../src/graph/relational.js';
import { sentimentsOfEnvelope } from '../src/readers/sentiment-sidecar.js';
import type { EpisodeRecord } from '../src/records/episode-record.js';
import type { CorpusRegistry } from '../src/snapshot/corpus-registry.js';
import {
  createQuietRegistry,
  makeStandardCorpus,
  RUN_NEW,
  retitleNewestOne,
  writeJson,
} from './corpus-fixture.js';

describe('the graph index over every lineage', () => {
  let registry: CorpusRegistry | undefined;
  afterEach(() => registry?.close());

  async function standardIndex() {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({ watch: false, refreshIntervalMs: 60_000 });
    const snapshot = await registry.get(root);
    return { root, snapshot, index: await graphIndexOf(snapshot) };
  }

  it("reuses an unchanged episode's items in the next snapshot's index, and remakes a changed one's", async () => {
    const { root, snapshot, index } = await standardIndex();
    const a1 = snapshot.findEpisodeById('a1');
    const a2 = snapshot.findEpisodeById('a2');
    await retitleNewestOne(root, 'One, again');
    const next = await (registry as CorpusRegistry).refresh(root);
    const after = await graphIndexOf(next);
    expect(after).not.toBe(index);
    expect(after.byEpisode.get(a2 as EpisodeRecord)).toBe(index.byEpisode.get(a2 as EpisodeRecord));
    const changed = after.byEpisode.get(next.findEpisodeById('a1') as EpisodeRecord) ?? [];
    expect(changed.map((i) => i.id)).toEqual(
      (index.byEpisode.get(a1 as EpisodeRecord) ?? []).map((i) => i.id),
    );
    expect(changed[0]?.episode.title).toBe('One, again');
  });

  it('is built for a new snapshot as soon as it is published once a request asked for it', async () => {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({ watch: false, refreshIntervalMs: 60_000 });
    await registry.get(root);
    await retitleNewestOne(root, 'Not asked yet');
    const unasked = await registry.refresh(root);
    expect(unasked.derived.size).toBe(0); // nobody asked: no index is built in the background
    const asked = await graphIndexOf(unasked);
    await retitleNewestOne(root, 'Asked before');
    const next = await registry.refresh(root);
    expect(next.derived.size).toBe(1); // the warm-up started with the snapshot, before any request
    const warm = await graphIndexOf(next);
    expect(warm).not.toBe(asked);
    expect(
      warm.byEpisode.get(next.findEpisodeById('a1') as EpisodeRecord)?.[0]?.episode.title,
    ).toBe('Asked before');
  });

  it('keeps the top persons warm too, and a warm value equals one built from scratch', async () => {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({ watch: false, refreshIntervalMs: 60_000 });
    const first = await registry.get(root);
    await topPersonsOf(first);
    await retitleNewestOne(root, 'Persons again');
    const next = await registry.refresh(root);
    expect(next.derived.size).toBe(1); // top persons only: the graph index was never asked for
    const warm = await topPersonsOf(next);
    expect(warm.length).toBeGreaterThan(0);
    expect(warm).toEqual(
      rankTopPersons(
        next.episodes.map((e) => ({ graph: next.graphOf(e), bridge: next.bridgeOf(e) })),
      ),
    );
  });

  it('yields to the event loop between episodes when its slice is spent', async () => {
    const { snapshot, index } = await standardIndex();
    let checks = 0;
    const built = await buildGraphIndex(snapshot, {
      yieldIfDue: async () => {
        checks++;
      },
    });
    expect(checks).toBe(snapshot.episodes.length);
    expect(built.insights.map((i) => i.id)).toEqual(index.insights.map((i) => i.id));
  });

  it('takes only episodes with a GI, a KG and a bridge, and only shown insights', async () => {
    const { snapshot, index } = await standardIndex();
    expect(await graphIndexOf(snapshot)).toBe(index);
    const ids = index.episodes.map((e) => e.episode_id).sort();
    expect(ids).toEqual(['a1', 'a2', 'b1']);
    const a1 = index.insights.filter((i) => i.episode.episode_id === 'a1').map((i) => i.id);
    // GI 3.1: surfaceable:false and routing_tag drop stay out; display order by salience.
    expect(a1).toEqual(['insight:high', 'insight:low', 'insight:plain']);
  });

  it('folds GI 1.0 speaker ids into person ids and applies the connectivity bridge maps', async () => {
    const { index } = await standardIndex();
    const maya = statedBy(index, 'speaker:maya');
    expect(maya.insights.map((i) => i.id)).toEqual(['insight:a']);
    expect(maya.query).toBe('Maya');
    expect(statedBy(index, 'maya').insights).toEqual(maya.insights);
    // concept:flooding is mapped to topic:floods by the bridge; requests by either id meet.
    const floods = insightsAbout(index, 'topic:floods').insights.map((i) => i.id);
    expect(floods).toEqual(['insight:c1']);
    expect(insightsAbout(index, 'concept:flooding').insights.map((i) => i.id)).toEqual(floods);
    expect(index.canonicalOf('g:k:concept:flooding', 'topic:')).toBe('topic:floods');
    // person:ana is mapped to person:ana-lopez; unnamed voices (SPEAKER_00) never count.
    expect(whoSaid(index, 'topic:floods', 10)).toEqual({
      'person:ana-lopez': [expect.objectContaining({ id: 'insight:c1', type: 'Insight' })],
    });
    expect(statedBy(index, 'SPEAKER_00').insights).toEqual([]);
  });

  it('keeps structural order without an index and the ranker order with one', async () => {
    const { index } = await standardIndex();
    const selection = {
      insights: index.insights.filter((i) => i.episode.episode_id === 'a1'),
      query: 'soil',
    };
    const structural = await rankSelection(selection, async () => undefined, 10);
    expect(structural).toMatchObject({ reranked: false });
    expect(structural.items.map((n) => n.id)).toEqual([
      'insight:high',
      'insight:low',
      'insight:plain',
    ]);
    const ranks = new Map([['a1\u0000insight:plain', 0]]);
    const ranked = await rankSelection(selection, async () => ranks, 2);
    expect(ranked.reranked).toBe(true);
    expect(ranked.items.map((n) => n.id)).toEqual(['insight:plain', 'insight:high']);
  });

  it('dates insights by the KG episode date and builds timelines and arcs from them', async () => {
    const { root } = await standardIndex();
    await writeJson(root, `${RUN_NEW}/metadata/0001 - one.kg.json`, {
      schema_version: '2.0',
      episode_id: 'a1',
      nodes: [
        { id: 'episode:a1', type: 'Episode', properties: { publish_date: '2025-12-29T08:00:00Z' } },
      ],
      edges: [],
    });
    const snapshot = await registry?.refresh(root);
    const index = await graphIndexOf(snapshot as NonNullable<typeof snapshot>);
    const a1 = index.insights.find((i) => i.episode.episode_id === 'a1');
    expect(a1?.date).toBe('2025-12-29');
    const timeline = topicTimeline(
      index,
      { topics: ['topic:drainage', 'drainage'], types: 'all' },
      () => undefined,
    );
    expect(timeline.topic_ids).toEqual(['topic:drainage']);
    expect(timeline.episodes.map((e) => e.episode_id)).toEqual(['a2']);
    const positions = personPositions(
      index,
      { person: 'maya', topic: 'drainage', types: ['claim'] },
      () => undefined,
    );
    expect(positions.items).toEqual([]);
    const arc = conversationArc(index, { topic: 'drainage', types: 'all' }, () => ({
      compound: -0.5,
      label: 'negative',
    }));
    // a2's KG dates it 2026-02-03 (ISO week 6); its metadata's 2026-03-01 does not count.
    expect(arc.weeks).toEqual([
      { week: '2026-W06', volume: 1, negative: 1, neutral: 0, positive: 0, avg_compound: -0.5 },
    ]);
  });
});

describe('ISO weeks', () => {
  it('labels weeks across year boundaries as ISO 8601 does', () => {
    expect(isoWeekLabel(mondayOf('2026-01-01'))).toBe('2026-W01');
    expect(isoWeekLabel(mondayOf('2027-01-01'))).toBe('2026-W53');
    expect(isoWeekLabel(mondayOf('2024-12-30'))).toBe('2025-W01');
    expect(isoWeekLabel(mondayOf('2026-05-03'))).toBe('2026-W18');
  });

  it('fills the weeks between the first and the last, unless the span is too long', () => {
    const a = mondayOf('2026-01-05');
    const b = mondayOf('2026-01-26');
    expect(weeksBetween([b, a], 520).map(isoWeekLabel)).toEqual([
      '2026-W02',
      '2026-W03',
      '2026-W04',
      '2026-W05',
    ]);
    expect(weeksBetween([b, a], 2).map(isoWeekLabel)).toEqual(['2026-W02', '2026-W05']);
    expect(weeksBetween([], 10)).toEqual([]);
  });
});

describe('insight_sentiment sidecars', () => {
  it('keeps well-formed entries and skips the rest', () => {
    const sentiments = sentimentsOfEnvelope({
      data: {
        insights: [
          { insight_id: 'insight:a', compound: -0.4, label: 'Negative' },
          { insight_id: 'insight:b', compound: 3, label: 'positive' },
          { insight_id: 'insight:c', compound: 0.1, label: 'mixed' },
          { insight_id: null, compound: 0.1, label: 'neutral' },
          'junk',
          { insight_id: 'insight:a', compound: 0.9, label: 'positive' },
        ],
      },
    });
    expect([...sentiments]).toEqual([['insight:a', { compound: -0.4, label: 'negative' }]]);
    expect(sentimentsOfEnvelope({ data: 'nope' }).size).toBe(0);
  });
});
