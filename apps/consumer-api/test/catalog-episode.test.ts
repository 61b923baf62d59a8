import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { EpisodeDetail, EpisodeEntities, InsightList, SegmentsContract } from '@podcast/contracts';
import { type EpisodeRecord, transcriptFamilyOf } from '@podcast/corpus';
import request from 'supertest';
import { useSampleApp } from './support/build-test-app.js';

const sample = useSampleApp();
const get = (url: string) => request(sample.testApp.app).get(url);
const UNKNOWN = 'no-such-episode-0000000000';

type Raw = Record<string, unknown> & { nodes?: RawNode[] };
type RawNode = { id: string; type: string; properties?: Record<string, unknown> };

/** A corpus file parsed straight from disk, independent of the reader under test. */
function rawJson(relpath: string): Raw {
  return JSON.parse(readFileSync(path.join(sample.snapshot.root, relpath), 'utf8')) as Raw;
}

function someEpisode(what: string, test: (episode: EpisodeRecord) => boolean): EpisodeRecord {
  const episode = sample.snapshot.episodes.find(test);
  if (episode === undefined) {
    throw new Error(`the test corpus has no episode that ${what}`);
  }
  return episode;
}

function exists(relpath: string | undefined): boolean {
  return relpath !== undefined && existsSync(path.join(sample.snapshot.root, relpath));
}

async function expectNotFound(url: string, detail: string): Promise<void> {
  const res = await get(url);
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.body.detail).toContain(detail);
}

describe('GET /api/app/episodes/{slug}', () => {
  it('answers the episode with every bullet, the summary body and large artwork', async () => {
    const episode = someEpisode('has art and a summary', (e) => {
      return e.artwork_relpath !== null && e.summary.bullets.length > 0 && e.summary.body !== null;
    });
    const res = await get(`/api/app/episodes/${episode.slug}`);
    expect(res.status).toBe(200);
    const detail = EpisodeDetail.parse(res.body);
    expect(detail).toMatchObject({
      slug: episode.slug,
      title: episode.title,
      feed_id: episode.feed_id,
      publish_date: episode.publish_date,
      summary_bullets: episode.summary.bullets,
      has_transcript: episode.has_transcript,
      has_gi: episode.has_gi,
    });
    expect(detail.summary?.bullets).toEqual(episode.summary.bullets);
    expect(detail.summary?.text).toBe(episode.summary.body);
    expect(detail.artwork_url).toMatch(/^\/api\/app\/artwork\?ref=.+&size=large$/);
  });

  it('answers a null summary for an episode whose metadata has none', async () => {
    const episode = someEpisode('has no summary', (e) => !e.has_summary);
    const res = await get(`/api/app/episodes/${episode.slug}`);
    expect(EpisodeDetail.parse(res.body)).toMatchObject({ summary: null, has_summary: false });
  });

  it('answers 404 naming an unknown slug', async () => {
    await expectNotFound(`/api/app/episodes/${UNKNOWN}`, UNKNOWN);
  });
});

describe('GET /api/app/episodes/{slug}/insights', () => {
  const isShown = (node: RawNode) =>
    node.type === 'Insight' &&
    node.properties?.surfaceable !== false &&
    node.properties?.routing_tag !== 'drop';

  it('answers the shown insights by salience with quotes in playback order', async () => {
    const episode = someEpisode('has a GI file', (e) => e.gi_relpath !== null);
    const res = await get(`/api/app/episodes/${episode.slug}/insights`);
    expect(res.status).toBe(200);
    const { items } = InsightList.parse(res.body);
    const shown = (rawJson(episode.gi_relpath as string).nodes ?? []).filter(isShown);
    expect(new Set(items.map((insight) => insight.id))).toEqual(new Set(shown.map((n) => n.id)));
    const salience = new Map(shown.map((node) => [node.id, node.properties?.salience]));
    const ordered = items.map((insight) => salience.get(insight.id));
    if (ordered.every((value) => typeof value === 'number')) {
      expect(ordered).toEqual([...(ordered as number[])].sort((a, b) => b - a));
    }
    expect(items.some((insight) => insight.quotes.length > 0)).toBe(true);
  });

  it('leaves out insights the pipeline did not surface, wherever the corpus has them', async () => {
    const withHidden = sample.snapshot.episodes.filter(
      (e) =>
        e.gi_relpath !== null &&
        (rawJson(e.gi_relpath).nodes ?? []).some((n) => !isShown(n) && n.type === 'Insight'),
    );
    expect(withHidden.length).toBeGreaterThan(0);
    for (const episode of withHidden) {
      const { items } = InsightList.parse(
        (await get(`/api/app/episodes/${episode.slug}/insights`)).body,
      );
      const hidden = (rawJson(episode.gi_relpath as string).nodes ?? []).filter(
        (n) => n.type === 'Insight' && !isShown(n),
      );
      const ids = new Set(items.map((insight) => insight.id));
      expect(hidden.some((node) => ids.has(node.id))).toBe(false);
    }
  });

  it('emits position_hint as a number when the GI file has one', async () => {
    const episode = someEpisode('has a position hint', (e) =>
      e.gi_relpath === null
        ? false
        : (rawJson(e.gi_relpath).nodes ?? []).some(
            (n) => n.properties?.position_hint !== undefined,
          ),
    );
    const { items } = InsightList.parse(
      (await get(`/api/app/episodes/${episode.slug}/insights`)).body,
    );
    expect(items.some((insight) => typeof insight.position_hint === 'number')).toBe(true);
  });

  it('answers 200 with no items for an episode without a GI file', async () => {
    const episode = someEpisode('has no GI file', (e) => !e.has_gi);
    const res = await get(`/api/app/episodes/${episode.slug}/insights`);
    expect(res.status).toBe(200);
    expect(InsightList.parse(res.body)).toEqual({ items: [] });
  });

  it('answers 404 naming an unknown slug', async () => {
    await expectNotFound(`/api/app/episodes/${UNKNOWN}/insights`, UNKNOWN);
  });
});

describe('GET /api/app/episodes/{slug}/entities', () => {
  type Cluster = {
    graph_compound_parent_id: string;
    member_count: number;
    members: { topic_id: string }[];
  };

  const clustersOf = (relpath: string, unwrap: boolean): Cluster[] => {
    const document = rawJson(relpath);
    const payload = (unwrap ? document.data : document) as { clusters: Cluster[] };
    return payload.clusters;
  };

  it('answers the KG people, organisations and topics with their themes and storylines', async () => {
    const themes = clustersOf('search/topic_clusters.json', false);
    const storylines = clustersOf('enrichments/topic_theme_clusters.json', true).filter(
      (cluster) => cluster.members.length >= 4,
    );
    const themed = new Set(themes.flatMap((c) => c.members.map((m) => m.topic_id)));
    const episode = someEpisode('has a themed KG topic', (e) =>
      e.kg_relpath === null
        ? false
        : (rawJson(e.kg_relpath).nodes ?? []).some((n) => themed.has(n.id)),
    );
    const res = await get(`/api/app/episodes/${episode.slug}/entities`);
    expect(res.status).toBe(200);
    const entities = EpisodeEntities.parse(res.body);
    const kgNodes = rawJson(episode.kg_relpath as string).nodes ?? [];
    const kgTopics = kgNodes.filter((n) => n.type === 'Topic').map((n) => n.id);
    expect(entities.topics.map((topic) => topic.id)).toEqual(kgTopics);
    expect(entities.persons.length + entities.orgs.length).toBeGreaterThan(0);
    for (const topic of entities.topics) {
      const theme = themes.find((c) => c.members.some((m) => m.topic_id === topic.id));
      expect(topic.cluster_id).toBe(theme?.graph_compound_parent_id);
      const storyline = storylines.find((c) => c.members.some((m) => m.topic_id === topic.id));
      expect(topic.theme_cluster_id === undefined).toBe(storyline === undefined);
    }
    expect(entities.topics.some((topic) => topic.cluster_id !== undefined)).toBe(true);
  });

  it('answers empty lists for an episode without a KG file', async () => {
    const episode = someEpisode('has no KG file', (e) => !e.has_kg);
    const res = await get(`/api/app/episodes/${episode.slug}/entities`);
    expect(res.status).toBe(200);
    expect(EpisodeEntities.parse(res.body)).toEqual({ persons: [], orgs: [], topics: [] });
  });

  it('answers 404 naming an unknown slug', async () => {
    await expectNotFound(`/api/app/episodes/${UNKNOWN}/entities`, UNKNOWN);
  });
});

describe('GET /api/app/episodes/{slug}/segments', () => {
  type RawSegment = { start: number; text: string };

  const textsOf = (segments: readonly RawSegment[]) =>
    [...segments].sort((a, b) => a.start - b.start).map((segment) => segment.text);

  async function segmentsOf(episode: EpisodeRecord): Promise<SegmentsContract> {
    const res = await get(`/api/app/episodes/${episode.slug}/segments`);
    expect(res.status).toBe(200);
    return SegmentsContract.parse(res.body);
  }

  it('serves the ad-free segments when the episode has them', async () => {
    const episode = someEpisode('has ad-free segments', (e) =>
      exists(transcriptFamilyOf(e.transcript_relpath)?.adfree_segments),
    );
    const family = transcriptFamilyOf(episode.transcript_relpath);
    const adfree = rawJson(family?.adfree_segments as string) as unknown as RawSegment[];
    const raw = rawJson(family?.segments as string) as unknown as RawSegment[];
    const body = await segmentsOf(episode);
    expect(body).toMatchObject({ version: 1, episode_slug: episode.slug });
    expect(body.segments.map((segment) => segment.text)).toEqual(textsOf(adfree));
    expect(textsOf(adfree)).not.toEqual(textsOf(raw));
  });

  it('falls back to the raw segments when there is no ad-free file', async () => {
    const episode = someEpisode('has only raw segments', (e) => {
      const family = transcriptFamilyOf(e.transcript_relpath);
      return !exists(family?.adfree_segments) && exists(family?.segments);
    });
    const raw = rawJson(transcriptFamilyOf(episode.transcript_relpath)?.segments as string);
    const body = await segmentsOf(episode);
    expect(body.segments.map((s) => s.text)).toEqual(textsOf(raw as unknown as RawSegment[]));
    expect(body.segments.every((s) => /^seg_\d{4,}$/.test(s.id) && s.end >= s.start)).toBe(true);
  });

  it('answers 404 saying the episode has no transcript', async () => {
    const episode = someEpisode('has no transcript', (e) => !e.has_transcript);
    await expectNotFound(`/api/app/episodes/${episode.slug}/segments`, 'no transcript');
  });

  it('answers 404 saying the segments file is missing', async () => {
    const episode = someEpisode('has a transcript but no segments file', (e) => {
      const family = transcriptFamilyOf(e.transcript_relpath);
      return e.has_transcript && !exists(family?.segments) && !exists(family?.adfree_segments);
    });
    await expectNotFound(`/api/app/episodes/${episode.slug}/segments`, 'no segments file');
  });

  it('answers 404 naming an unknown slug', async () => {
    await expectNotFound(`/api/app/episodes/${UNKNOWN}/segments`, UNKNOWN);
  });
});
