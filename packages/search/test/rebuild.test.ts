import type { ChildProcess } from 'node:child_process';
import { readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultVectorCacheFile } from '@podcast/providers';
import { createSearchService, indexPathsOf, readIndexMeta, startRebuild } from '../src/index.js';
import { copySampleCorpus } from './sample-copy.js';

const embedding = { kind: 'static_word_vectors' as const, cacheFile: defaultVectorCacheFile() };
const now = () => new Date();

describe('index rebuild in a child process', () => {
  let corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
  beforeAll(async () => {
    corpus = await copySampleCorpus();
  });
  afterAll(() => corpus.remove());

  it('close() stops a running builder and waits until its lock is released', async () => {
    const search = createSearchService({ embedding });
    const started = await search.rebuild(corpus.root, true);
    expect(started.status).toBe('started');
    expect(await search.isRebuilding(corpus.root)).toBe(true);
    await search.close();
    expect(await search.isRebuilding(corpus.root)).toBe(false);
    const events = await search.history(corpus.root);
    expect(events.at(-1)).toMatchObject({ event: 'rebuild_failed' });
    expect(events.at(-1)?.error).toMatch(/SIGTERM/);
    expect(await readIndexMeta(indexPathsOf(corpus.root).meta)).toBeUndefined();
  }, 60_000);

  it('builds every tier, refuses a second rebuild meanwhile, then re-embeds only changed episodes', async () => {
    const builders = new Set<ChildProcess>();
    const first = await startRebuild(corpus.root, embedding, false, now, builders);
    expect(first.status).toBe('started');
    expect(builders.size).toBe(1);
    expect((await startRebuild(corpus.root, embedding, false, now, builders)).status).toBe('busy');
    const event = first.status === 'started' ? await first.finished : undefined;
    expect(event).toMatchObject({ event: 'rebuild_finished', full: true });
    expect(builders.size).toBe(0);
    const paths = indexPathsOf(corpus.root);
    const meta = await readIndexMeta(paths.meta);
    expect(meta?.embedding_provider).toBe('static_word_vectors');
    expect(meta?.tier_counts.insight).toBeGreaterThan(0);
    expect(meta?.tier_counts.segment).toBeGreaterThan(0);
    expect(meta?.doc_type_counts.kg_topic).toBeGreaterThan(0);
    expect(meta?.episodes_indexed).toBe(24);

    expect(Object.keys(JSON.parse(await readFile(paths.fingerprints, 'utf8')))).toHaveLength(24);
    const episodeMeta = path.join(
      corpus.root,
      'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata/0004 - Shift Work, Explained_fb801546.metadata.json',
    );
    const later = new Date(Date.now() + 5_000);
    await utimes(episodeMeta, later, later);
    const second = await startRebuild(corpus.root, embedding, false, now, builders);
    const incremental = second.status === 'started' ? await second.finished : undefined;
    expect(incremental).toMatchObject({
      event: 'rebuild_finished',
      full: false,
      episodes_embedded: 1,
    });
    expect((await readIndexMeta(paths.meta))?.total_vectors).toBe(meta?.total_vectors);
    const history = (await readFile(paths.history, 'utf8')).trim().split('\n');
    // The first line is the builder close() stopped.
    expect(history).toHaveLength(3);
  }, 120_000);
});
