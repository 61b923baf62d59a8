import { existsSync } from 'node:fs';
import { cp, readFile, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EpisodeEntities, EpisodeList, PodcastList, SegmentsContract } from '@podcast/contracts';
import {
  type CorpusSnapshot,
  createCorpusRegistry,
  type EpisodeRecord,
  transcriptFamilyOf,
} from '@podcast/corpus';
import {
  copySampleCorpus,
  createScratch,
  type SampleCorpusCopy,
  type Scratch,
} from '@podcast/testing';
import { pino } from 'pino';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

/**
 * Cases the sample corpus does not carry, made in a temp copy before the app
 * first reads it: an unnamed voice, a renamed person in the bridge, an
 * episode without a feed id, storylines around the floor of four, an
 * ad-free segments file that is a symlink out of the corpus, and a segments
 * file rewritten between two requests.
 */
let copy: SampleCorpusCopy;
let outsideScratch: Scratch;
let root: string;
let outside: string;
let testApp: TestApp;
let snapshot: CorpusSnapshot;
let kgEpisode: EpisodeRecord;
let adfreeEpisode: EpisodeRecord;
let segmentsEpisode: EpisodeRecord;
const LOOSE_EPISODE_ID = 'catalog-test-episode-without-feed';
const ORPHAN_ART = '.podcast_scraper/corpus-art/orphan.png';

type Json = Record<string, unknown>;
const readJson = async (relpath: string) =>
  JSON.parse(await readFile(path.join(root, relpath), 'utf8')) as Json;
const writeJson = (relpath: string, value: unknown) =>
  writeFile(path.join(root, relpath), JSON.stringify(value, null, 2));

function pick(
  episodes: readonly EpisodeRecord[],
  what: string,
  test: (episode: EpisodeRecord) => boolean,
): EpisodeRecord {
  const found = episodes.find(test);
  if (found === undefined) {
    throw new Error(`the sample corpus has no episode that ${what}`);
  }
  return found;
}

/** The sample as read before any edit, to choose the episodes to edit. */
async function originalEpisodes(): Promise<readonly EpisodeRecord[]> {
  const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
  try {
    return (await registry.get(root)).episodes;
  } finally {
    registry.close();
  }
}

async function editKg(episode: EpisodeRecord): Promise<string[]> {
  const kg = await readJson(episode.kg_relpath as string);
  const nodes = kg.nodes as { id: string; type: string; properties: Json }[];
  nodes.push({ id: 'person:speaker-test-1', type: 'Person', properties: { name: 'SPEAKER_01' } });
  await writeJson(episode.kg_relpath as string, kg);
  return nodes.filter((node) => node.type === 'Topic').map((node) => node.id);
}

async function writeStorylines(topicIds: string[]): Promise<void> {
  const members = (ids: string[]) => ids.map((topic_id) => ({ topic_id, lift_to_cluster: 1 }));
  const filler = ['topic:filler-a', 'topic:filler-b', 'topic:filler-c'];
  await writeJson('enrichments/topic_theme_clusters.json', {
    status: 'ok',
    data: {
      clusters: [
        {
          graph_compound_parent_id: 'thc:wide',
          canonical_label: 'Wide',
          member_count: 4,
          members: members([topicIds[0] as string, ...filler]),
        },
        {
          graph_compound_parent_id: 'thc:narrow',
          canonical_label: 'Narrow',
          member_count: 3,
          members: members([topicIds[1] as string, ...filler.slice(1)]),
        },
      ],
    },
  });
}

async function addEpisodeWithoutFeed(template: EpisodeRecord): Promise<void> {
  const metadata = await readJson(template.metadata_relpath);
  const feed = metadata.feed as Json;
  delete feed.feed_id;
  feed.image_local_relpath = ORPHAN_ART;
  (metadata.episode as Json).episode_id = LOOSE_EPISODE_ID;
  const dir = path.posix.dirname(template.metadata_relpath);
  await writeJson(`${dir}/zz-loose.metadata.json`, metadata);
  await cp(path.join(root, template.artwork_relpath as string), path.join(root, ORPHAN_ART));
}

/** The segments file the route serves for `episode`: the ad-free one when present, else the raw one. */
function servedSegmentsRelpath(episode: EpisodeRecord): string | undefined {
  const family = transcriptFamilyOf(episode.transcript_relpath);
  return [family?.adfree_segments, family?.segments].find(
    (relpath) => relpath !== undefined && existsSync(path.join(root, relpath)),
  );
}

async function linkAdfreeOut(episode: EpisodeRecord): Promise<void> {
  const relpath = transcriptFamilyOf(episode.transcript_relpath)?.adfree_segments as string;
  const target = path.join(outside, 'adfree.segments.json');
  await cp(path.join(root, relpath), target);
  await unlink(path.join(root, relpath));
  await symlink(target, path.join(root, relpath));
}

beforeAll(async () => {
  copy = copySampleCorpus('catalog-corpus');
  root = copy.corpusDir;
  outsideScratch = createScratch('catalog-outside');
  outside = outsideScratch.dir;
  const episodes = await originalEpisodes();
  kgEpisode = pick(episodes, 'has a KG and a bridge', (e) => e.has_kg && e.has_bridge);
  adfreeEpisode = pick(episodes, 'has ad-free segments', (e) => {
    const relpath = transcriptFamilyOf(e.transcript_relpath)?.adfree_segments;
    return relpath !== undefined && existsSync(path.join(root, relpath));
  });
  segmentsEpisode = pick(episodes, 'has segments and is not the linked one', (e) => {
    return e.slug !== adfreeEpisode.slug && servedSegmentsRelpath(e) !== undefined;
  });
  await writeStorylines(await editKg(kgEpisode));
  await addEpisodeWithoutFeed(pick(episodes, 'has art', (e) => e.artwork_relpath !== null));
  await linkAdfreeOut(adfreeEpisode);
  testApp = await buildTestApp({ env: { CORPUS_DIR: root } });
  snapshot = await testApp.ctx.corpus.get(root);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  copy?.remove();
  outsideScratch?.remove();
});

const get = (url: string) => request(testApp.app).get(url);

describe('catalog edge cases', () => {
  it('drops unnamed voices from the people of an episode', async () => {
    const res = await get(`/api/app/episodes/${kgEpisode.slug}/entities`);
    const entities = EpisodeEntities.parse(res.body);
    expect(entities.persons.length).toBeGreaterThan(0);
    expect(entities.persons.some((person) => person.id.startsWith('person:speaker-'))).toBe(false);
  });

  it('gives a topic a storyline only when the storyline has at least four topics', async () => {
    const { topics } = EpisodeEntities.parse(
      (await get(`/api/app/episodes/${kgEpisode.slug}/entities`)).body,
    );
    expect(topics[0]).toMatchObject({
      theme_cluster_id: 'thc:wide',
      theme_cluster_label: 'Wide',
      theme_cluster_size: 4,
    });
    expect(topics[1]?.theme_cluster_id).toBeUndefined();
  });

  it('answers topics without themes once the topic-cluster file is gone', async () => {
    await unlink(path.join(root, 'search/topic_clusters.json'));
    const res = await get(`/api/app/episodes/${kgEpisode.slug}/entities`);
    expect(res.status).toBe(200);
    const { topics } = EpisodeEntities.parse(res.body);
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.every((topic) => topic.cluster_id === undefined)).toBe(true);
  });

  it('serves the raw segments when the ad-free file is a symlink out of the corpus', async () => {
    const res = await get(`/api/app/episodes/${adfreeEpisode.slug}/segments`);
    expect(res.status).toBe(200);
    const raw = JSON.parse(
      await readFile(
        path.join(root, transcriptFamilyOf(adfreeEpisode.transcript_relpath)?.segments as string),
        'utf8',
      ),
    ) as { text: string }[];
    const body = SegmentsContract.parse(res.body);
    expect(body.segments).toHaveLength(raw.length);
  });

  it('serves a segments file rewritten after the first request on the next one', async () => {
    const url = `/api/app/episodes/${segmentsEpisode.slug}/segments`;
    const relpath = servedSegmentsRelpath(segmentsEpisode) as string;
    const before = SegmentsContract.parse((await get(url)).body);
    expect(SegmentsContract.parse((await get(url)).body)).toEqual(before);

    await writeJson(relpath, [{ id: 3, start: 0, end: 2.5, text: 'Rewritten' }]);
    const later = Date.now() / 1000 + 60;
    await utimes(path.join(root, relpath), later, later);
    const after = SegmentsContract.parse((await get(url)).body);
    expect(before.segments.length).toBeGreaterThan(1);
    expect(after.segments).toEqual([{ id: 'seg_0003', start: 0, end: 2.5, text: 'Rewritten' }]);
  });

  it('lists an episode without a feed id under feed_id= but not among the shows', async () => {
    const loose = snapshot.findEpisodeById(LOOSE_EPISODE_ID);
    expect(loose?.feed_id).toBe('');
    const list = EpisodeList.parse((await get('/api/app/episodes?feed_id=')).body);
    expect(list.items.map((item) => item.slug)).toEqual([loose?.slug]);
    expect(list.items[0]?.feed_artwork_url).toContain(encodeURIComponent(ORPHAN_ART));
    const shows = PodcastList.parse((await get('/api/app/podcasts')).body);
    expect(shows.items.some((show) => show.feed_id === '')).toBe(false);
  });
});
