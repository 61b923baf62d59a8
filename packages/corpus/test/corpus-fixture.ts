import { mkdir, mkdtemp, realpath, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import { stringify } from 'yaml';
import {
  type CorpusRegistry,
  type CorpusRegistryOptions,
  createCorpusRegistry,
} from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import {
  BRIDGE_CONNECTIVITY,
  BRIDGE_FIXTURE,
  BRIDGE_PIPELINE,
  GI_1_0,
  GI_2,
  GI_2_0,
  GI_3_0,
  GI_3_1,
  KG_1_2,
  KG_2,
  KG_2_0,
} from './lineage-fixtures.js';

/** A fresh, real (symlink-resolved) temp directory. */
export async function makeTempDir(prefix = 'corpus-'): Promise<string> {
  return realpath(await mkdtemp(path.join(tmpdir(), prefix)));
}

export async function writeText(root: string, relpath: string, text: string): Promise<string> {
  const file = path.join(root, relpath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

export function writeJson(root: string, relpath: string, value: unknown): Promise<string> {
  return writeText(root, relpath, JSON.stringify(value));
}

/** Sets a file's mtime (seconds since epoch) so run dedup and listings are deterministic. */
export async function setMtime(root: string, relpath: string, epochSeconds: number): Promise<void> {
  await utimes(path.join(root, relpath), epochSeconds, epochSeconds);
}

export interface EpisodeSpec {
  feedId?: string;
  episodeId?: string;
  title?: string;
  published?: string;
  transcript?: string;
  bullets?: string[];
}

/** A pipeline-shaped metadata document. */
export function metadataDoc(spec: EpisodeSpec): Record<string, unknown> {
  return {
    feed: {
      feed_id: spec.feedId,
      title: spec.feedId ? `Show ${spec.feedId}` : undefined,
      url: 'https://x.test/rss',
    },
    episode: { episode_id: spec.episodeId, title: spec.title, published_date: spec.published },
    content: { transcript_file_path: spec.transcript },
    processing: { schema_version: '1.0.0' },
    summary: { bullets: spec.bullets ?? [] },
  };
}

export const RUN_OLD = 'feeds/show-a/run_20260101-100000_aaaa1111';
export const RUN_NEW = 'feeds/show-a/run_20260301-100000_bbbb2222';

/** Rewrites the newer run's a1 with a new title and the same publish date (a metadata-only change). */
export function retitleNewestOne(root: string, title: string): Promise<string> {
  return writeJson(
    root,
    `${RUN_NEW}/metadata/0001 - one.metadata.json`,
    metadataDoc({ feedId: 'show-a', episodeId: 'a1', title, published: '2026-01-01T10:00:00Z' }),
  );
}

/**
 * The standard fixture: two runs of one feed (episode a1 in both), a feed
 * without runs, the root flat `metadata/`, a trashed episode, an enrichment
 * file that must not count, and every GI/KG/bridge lineage.
 */
export async function writeStandardCorpus(root: string): Promise<void> {
  const a1 = (title: string) =>
    metadataDoc({
      feedId: 'show-a',
      episodeId: 'a1',
      title,
      published: '2026-01-01T10:00:00Z',
      transcript: 'transcripts/0001 - one.txt',
      bullets: ['Drains', 'Soil'],
    });
  await writeJson(root, `${RUN_OLD}/metadata/0001 - one.metadata.json`, a1('One (old run)'));
  await writeJson(root, `${RUN_OLD}/metadata/0001 - one.gi.json`, GI_2_0);
  await writeJson(root, `${RUN_NEW}/metadata/0001 - one.metadata.json`, a1('One'));
  await writeJson(root, `${RUN_NEW}/metadata/0001 - one.gi.json`, GI_3_1);
  await writeJson(root, `${RUN_NEW}/metadata/0001 - one.kg.json`, KG_2_0);
  await writeJson(root, `${RUN_NEW}/metadata/0001 - one.bridge.json`, BRIDGE_PIPELINE);
  await writeText(
    root,
    `${RUN_NEW}/metadata/0002 - two.metadata.yaml`,
    stringify(
      metadataDoc({ feedId: 'show-a', episodeId: 'a2', title: 'Two', published: '2026-03-01' }),
    ),
  );
  await writeJson(root, `${RUN_NEW}/metadata/0002 - two.gi.json`, GI_1_0);
  await writeJson(root, `${RUN_NEW}/metadata/0002 - two.kg.json`, KG_1_2);
  await writeJson(root, `${RUN_NEW}/metadata/0002 - two.bridge.json`, BRIDGE_FIXTURE);
  await writeJson(
    root,
    `${RUN_NEW}/metadata/enrichments/0002 - two.metadata.json`,
    metadataDoc({ episodeId: 'enrichment' }),
  );
  await writeJson(root, 'feeds/show-b/metadata/b1.metadata.json', {
    ...metadataDoc({ episodeId: 'b1', title: 'Bee' }),
    feed: { title: 'Connectivity only' },
    episode: { episode_id: 'b1', title: 'Bee', publish_date: '2026-02-02' },
  });
  await writeJson(root, 'feeds/show-b/metadata/b1.gi.json', GI_3_0);
  await writeJson(root, 'feeds/show-b/metadata/b1.kg.json', KG_2);
  await writeJson(root, 'feeds/show-b/metadata/b1.bridge.json', BRIDGE_CONNECTIVITY);
  await writeJson(root, 'feeds/show-b/metadata/orphan.gi.json', GI_2);
  await writeText(
    root,
    'metadata/flat1.metadata.yml',
    stringify(
      metadataDoc({ feedId: 'show-c', episodeId: 'c1', title: 'Flat', published: '2026-02-15' }),
    ),
  );
  await writeJson(
    root,
    '.trash/20260101T000000Z/feeds/show-a/run_x/metadata/gone.metadata.json',
    metadataDoc({ feedId: 'show-a', episodeId: 'gone' }),
  );
  await writeJson(
    root,
    '.viewer/metadata/hidden.metadata.json',
    metadataDoc({ episodeId: 'hidden' }),
  );
}

/** A fresh temp root holding the standard corpus. */
export async function makeStandardCorpus(): Promise<string> {
  const root = await makeTempDir();
  await writeStandardCorpus(root);
  return root;
}

/** A registry whose log lines stay in memory, so tests print nothing. */
export function createQuietRegistry(
  options: Omit<CorpusRegistryOptions, 'logger'>,
): CorpusRegistry {
  return createCorpusRegistry({ logger: memoryLogger().logger, ...options });
}

/**
 * A maker of quiet registries that are closed after each test of the
 * calling file (call it inside a `describe`).
 */
export function quietRegistries(): () => CorpusRegistry {
  const made: CorpusRegistry[] = [];
  afterEach(() => {
    for (const registry of made.splice(0)) registry.close();
  });
  return () => {
    const registry = createQuietRegistry({ watch: false, refreshIntervalMs: 60_000 });
    made.push(registry);
    return registry;
  };
}

/** Polls `check` every 25 ms until it holds; fails after `timeoutMs` (no fixed sleeps in tests). */
export async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error('condition not met in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What a snapshot serves (episodes, feeds, the artifact listing, parsed layers, copies), without load statistics. */
export function servedOf(snapshot: CorpusSnapshot) {
  return {
    episodes: snapshot.episodes,
    feeds: snapshot.feeds,
    artifacts: snapshot.artifacts,
    layers: snapshot.episodes.map((e) => [
      snapshot.graphOf(e),
      snapshot.kgOf(e),
      snapshot.bridgeOf(e),
    ]),
    copies: snapshot.episodes.map((e) => snapshot.copiesOf(e)),
  };
}
