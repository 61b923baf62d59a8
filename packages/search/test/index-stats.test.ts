import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CorpusSnapshot, createCorpusRegistry } from '@podcast/corpus';
import { pino } from 'pino';
import { createSearchService, indexStats, snapshotFingerprintSource } from '../src/index.js';
import { copySampleCorpus } from './sample-copy.js';

const TRANSCRIPT =
  'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/transcripts/0004 - Shift Work, Explained_fb801546.txt';

describe('index stats fingerprints', () => {
  let corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
  const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const search = createSearchService({
    embedding: { kind: 'static_word_vectors' },
    now: () => new Date(clock),
    fingerprintTtlMs: 10_000,
  });
  let snapshot: CorpusSnapshot;

  beforeAll(async () => {
    corpus = await copySampleCorpus();
    snapshot = await registry.get(corpus.root);
  });
  afterAll(async () => {
    registry.close();
    await corpus.remove();
  });

  it('reuses one snapshot’s fingerprints within the TTL and re-stats after it', async () => {
    const first = await search.currentFingerprints(snapshotFingerprintSource(snapshot));
    const scope = [...first.keys()].find((key) =>
      first.get(key)?.episode.transcript_relpath?.endsWith('Shift Work, Explained_fb801546.txt'),
    );
    expect(scope).toBeDefined();
    const before = first.get(scope ?? '')?.fingerprint;

    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(corpus.root, TRANSCRIPT), later, later);

    clock += 9_000;
    expect(await search.currentFingerprints(snapshotFingerprintSource(snapshot))).toBe(first);
    clock += 2_000;
    const fresh = await search.currentFingerprints(snapshotFingerprintSource(snapshot));
    expect(fresh).not.toBe(first);
    expect(fresh.get(scope ?? '')?.fingerprint).not.toBe(before);
  });

  it('shares one computation among concurrent stats requests', async () => {
    clock += 60_000;
    const [a, b] = await Promise.all([
      search.currentFingerprints(snapshotFingerprintSource(snapshot)),
      search.currentFingerprints(snapshotFingerprintSource(snapshot)),
    ]);
    expect(a).toBe(b);
    const stats = await indexStats(search, snapshotFingerprintSource(snapshot));
    expect(stats.available).toBe(false);
    expect(stats.staleness.episodes_added).toBe(a.size);
  });
});
