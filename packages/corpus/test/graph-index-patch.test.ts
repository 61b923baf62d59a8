import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { stringify } from 'yaml';
import { perspectiveLeaders, topicPersons } from '../src/graph/cil-queries.js';
import {
  buildGraphIndex,
  type GraphIndex,
  type GraphInsight,
  graphIndexOf,
  MAX_PATCHED_EPISODES,
} from '../src/graph/graph-index.js';
import type { CorpusRegistry } from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import {
  createQuietRegistry,
  makeStandardCorpus,
  metadataDoc,
  retitleNewestOne,
  writeJson,
  writeText,
} from './corpus-fixture.js';
import {
  BRIDGE_CONNECTIVITY,
  BRIDGE_PIPELINE,
  GI_3_0,
  GI_3_1,
  KG_2,
  KG_2_0,
} from './lineage-fixtures.js';

/** Episodes d1..dN of show-d, alternating two lineages, so insight ids and topics repeat across episodes. */
async function writeShowD(root: string, count: number) {
  for (let n = 1; n <= count; n++) {
    const stem = `feeds/show-d/metadata/d${n}`;
    const day = String(1 + (n % 27)).padStart(2, '0');
    await writeJson(
      root,
      `${stem}.metadata.json`,
      metadataDoc({
        feedId: 'show-d',
        episodeId: `d${n}`,
        title: `D ${n}`,
        published: `2026-02-${day}`,
      }),
    );
    const even = n % 2 === 0;
    await writeJson(root, `${stem}.gi.json`, even ? GI_3_1 : GI_3_0);
    await writeJson(root, `${stem}.kg.json`, even ? KG_2_0 : KG_2);
    await writeJson(root, `${stem}.bridge.json`, even ? BRIDGE_PIPELINE : BRIDGE_CONNECTIVITY);
  }
}

/** GI 3.0 with a second insight about the same topic. */
const GI_3_0_MORE = {
  ...GI_3_0,
  nodes: [
    ...GI_3_0.nodes,
    {
      id: 'insight:c2',
      type: 'Insight',
      properties: { text: 'Acme plans more', position_hint: 0.2 },
    },
  ],
  edges: [...GI_3_0.edges, { type: 'ABOUT', from: 'insight:c2', to: 'concept:flooding' }],
};

const itemText = (item: GraphInsight) =>
  `${item.episode.metadata_relpath}#${item.id}@${item.episode.title}:${item.date}:${item.position}`;

function listsOf(map: ReadonlyMap<string, readonly GraphInsight[]>) {
  return [...map]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, items]) => [key, items.map(itemText)]);
}

/** Everything a reader of the index sees, as plain values. */
function shapeOf(index: GraphIndex) {
  return {
    episodes: index.episodes.map((e) => `${e.metadata_relpath}@${e.title}`),
    insights: index.insights.map(itemText),
    byInsightId: listsOf(index.byInsightId),
    byTopic: listsOf(index.byTopic),
    bySpeaker: listsOf(index.bySpeaker),
    byNode: listsOf(index.byNode),
    byEpisode: [...index.byEpisode]
      .map(([episode, items]) => [episode.metadata_relpath, episode.title, items.map(itemText)])
      .sort(),
    sizes: [index.byInsightId, index.byTopic, index.bySpeaker, index.byNode, index.byEpisode].map(
      (map) => map.size,
    ),
    labels: [...index.byNode.keys()].sort().map((id) => [id, index.labelOf(id)]),
    canonical: [
      'concept:flooding',
      'concept:rain',
      'k:person:ana',
      'g:k:concept:flooding',
      'maya',
    ].map((id) => index.canonicalOf(id, 'topic:')),
  };
}

/**
 * Whether the topic lists of `after` that hold no item of `relpaths`, in
 * `after` and in `before`, are the very lists `before` holds (a patch) or
 * copies of them (a build from every episode). There must be such lists.
 */
function untouchedShared(before: GraphIndex, after: GraphIndex, relpaths: readonly string[]) {
  const clear = (items: readonly GraphInsight[] = []) =>
    items.every((item) => !relpaths.includes(item.episode.metadata_relpath));
  const keys = [...after.byTopic.keys()].filter(
    (key) => clear(after.byTopic.get(key)) && clear(before.byTopic.get(key)),
  );
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) {
    expect(after.byTopic.get(key)).toEqual(before.byTopic.get(key));
  }
  const shared = keys.filter((key) => after.byTopic.get(key) === before.byTopic.get(key));
  return shared.length === keys.length ? 'all' : shared.length === 0 ? 'none' : 'some';
}

describe('the graph index after a change', () => {
  let registry: CorpusRegistry | undefined;
  afterEach(() => registry?.close());

  async function loaded(extra: number) {
    const root = await makeStandardCorpus();
    await writeShowD(root, extra);
    registry = createQuietRegistry({ watch: false, refreshIntervalMs: 60_000 });
    const snapshot = await registry.get(root);
    const index = await graphIndexOf(snapshot);
    await perspectiveLeaders(index, 50); // fills the tallies a patched index shares
    return { root, reg: registry, snapshot, index };
  }

  /** Refreshes, and checks the kept index against one built from every episode of the new snapshot. */
  async function next(reg: CorpusRegistry, root: string) {
    const snapshot: CorpusSnapshot = await reg.refresh(root);
    const index = await graphIndexOf(snapshot);
    const fresh = await buildGraphIndex(snapshot);
    expect(shapeOf(index)).toEqual(shapeOf(fresh));
    // Speaker counts kept across the patch answer as counts made afresh.
    expect(await perspectiveLeaders(index, 50)).toEqual(await perspectiveLeaders(fresh, 50));
    for (const topic of index.byTopic.keys()) {
      expect(await topicPersons(index, topic)).toEqual(await topicPersons(fresh, topic));
    }
    return { snapshot, index };
  }

  it('patches the last index for a retitle, a rewritten layer, a new bridge and an episode that loses or regains its layers', async () => {
    const { root, reg, index: first } = await loaded(8);
    const d2 = 'feeds/show-d/metadata/d2';
    const d3 = 'feeds/show-d/metadata/d3';

    // A retitle: the record changes, its layers do not.
    await writeJson(
      root,
      `${d2}.metadata.json`,
      metadataDoc({
        feedId: 'show-d',
        episodeId: 'd2',
        title: 'D 2, again',
        published: '2026-02-03',
      }),
    );
    const retitled = await next(reg, root);
    // Shared with the last index, not rebuilt:
    expect(untouchedShared(first, retitled.index, [`${d2}.metadata.json`])).toBe('all');
    expect(retitled.index.tallies).toBe(first.tallies);
    expect(
      retitled.index.byEpisode.get(retitled.snapshot.findEpisodeById('d2') as never)?.[0]?.episode
        .title,
    ).toBe('D 2, again');
    expect(first.episodes.map((e) => e.title)).not.toContain('D 2, again'); // the last index is left as it was

    // A rewritten GI file: the same record, other insights.
    await writeJson(root, `${d3}.gi.json`, GI_3_0_MORE);
    const rewritten = await next(reg, root);
    expect(untouchedShared(retitled.index, rewritten.index, [`${d3}.metadata.json`])).toBe('all');

    // A bridge with other maps: the aliases are gathered again.
    await writeJson(root, `${d3}.bridge.json`, {
      ...BRIDGE_CONNECTIVITY,
      topic_to_canonical: { 'concept:flooding': 'topic:deluge', 'concept:rain': 'topic:deluge' },
    });
    const bridged = await next(reg, root);
    expect(bridged.index.canonicalOf('concept:rain', 'topic:')).toBe('topic:deluge');

    // d3 loses its KG (it leaves the index), then gets it back.
    await rm(path.join(root, `${d3}.kg.json`));
    const without = await next(reg, root);
    expect(without.index.episodes.map((e) => e.episode_id)).not.toContain('d3');
    await writeJson(root, `${d3}.kg.json`, KG_2);
    const back = await next(reg, root);
    expect(back.index.episodes.map((e) => e.episode_id)).toContain('d3');

    // Two changes at once, one of them the standard fixture's a1.
    await retitleNewestOne(root, 'One, twice');
    await writeJson(root, `${d2}.gi.json`, GI_3_0);
    await next(reg, root);
  });

  it('is built from every episode when an episode moves in the order, comes or goes', async () => {
    const { root, reg, index: first } = await loaded(4);
    const d1 = 'feeds/show-d/metadata/d1';
    await writeJson(
      root,
      `${d1}.metadata.json`,
      metadataDoc({ feedId: 'show-d', episodeId: 'd1', title: 'D 1', published: '2025-06-01' }),
    );
    const moved = await next(reg, root);
    expect(untouchedShared(first, moved.index, [`${d1}.metadata.json`])).toBe('none');
    expect(moved.index.tallies).not.toBe(first.tallies);

    await writeShowD(root, 6); // d5 and d6 are new
    const grown = await next(reg, root);
    expect(grown.index.episodes).toHaveLength(first.episodes.length + 2);

    await rm(path.join(root, 'feeds/show-d/metadata/d6.metadata.json'));
    const shrunk = await next(reg, root);
    expect(shrunk.index.episodes).toHaveLength(first.episodes.length + 1);
  });

  it(`is built from every episode when more than ${MAX_PATCHED_EPISODES} changed`, async () => {
    const { root, reg, index: first } = await loaded(MAX_PATCHED_EPISODES + 1);
    for (let n = 1; n <= MAX_PATCHED_EPISODES + 1; n++) {
      await writeJson(root, `feeds/show-d/metadata/d${n}.gi.json`, n % 2 === 0 ? GI_3_0 : GI_3_1);
    }
    const changed = await next(reg, root);
    const showD = changed.snapshot.episodes
      .map((e) => e.metadata_relpath)
      .filter((relpath) => relpath.startsWith('feeds/show-d/'));
    expect(untouchedShared(first, changed.index, showD)).toBe('none');
  });

  it('hands a snapshot whose changes touch no graph-eligible episode the same lists', async () => {
    const { root, reg, index: first } = await loaded(2);
    // c1 has no layers: its new title changes no item.
    await writeText(
      root,
      'metadata/flat1.metadata.yml',
      stringify(
        metadataDoc({
          feedId: 'show-c',
          episodeId: 'c1',
          title: 'Flat, again',
          published: '2026-02-15',
        }),
      ),
    );
    const again = await next(reg, root);
    expect(again.snapshot.findEpisodeById('c1')?.title).toBe('Flat, again');
    expect(again.index).not.toBe(first);
    expect(again.index.byTopic).toBe(first.byTopic);
    expect(again.index.episodes).toBe(first.episodes);
  });
});
