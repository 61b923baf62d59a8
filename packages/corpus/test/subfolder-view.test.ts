import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { CorpusRegistry } from '../src/snapshot/corpus-registry.js';
import {
  createQuietRegistry,
  makeStandardCorpus,
  metadataDoc,
  RUN_NEW,
  RUN_OLD,
  writeJson,
} from './corpus-fixture.js';

describe('a folder inside a pinned root', () => {
  let registry: CorpusRegistry | undefined;
  afterEach(() => registry?.close());

  async function pinnedCorpus(maxRoots?: number, maxViews?: number) {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({
      watch: false,
      refreshIntervalMs: 60_000,
      pinned: [root],
      maxRoots,
      maxViews,
    });
    return { root, registry, whole: await registry.get(root) };
  }

  it('is the root snapshot filtered, with relpaths relative to the folder', async () => {
    const { root, registry, whole } = await pinnedCorpus();
    const folder = await registry.get(path.join(root, 'feeds', 'show-a'));
    expect(folder.root).toBe(path.join(root, 'feeds', 'show-a'));
    // The root's run deduplication: the old run's copy of "One" stays hidden.
    expect(folder.episodes.map((e) => e.title)).toEqual(['Two', 'One']);
    const one = folder.findEpisodeById('a1');
    const original = whole.findEpisodeById('a1');
    expect(one?.metadata_relpath).toBe(
      'run_20260301-100000_bbbb2222/metadata/0001 - one.metadata.json',
    );
    expect(one?.run_relpath).toBe('run_20260301-100000_bbbb2222');
    expect(one?.transcript_relpath).toBe('run_20260301-100000_bbbb2222/transcripts/0001 - one.txt');
    expect(one?.gi_relpath).toBe('run_20260301-100000_bbbb2222/metadata/0001 - one.gi.json');
    // One public id whatever folder names the episode; parsed artifacts are shared, not re-read.
    expect(one?.slug).toBe(original?.slug);
    expect(folder.findEpisodeBySlug(original?.slug as string)).toBe(one);
    expect(folder.graphOf(one as never)).toBe(whole.graphOf(original as never));
    expect(folder.kgOf(one as never)).toBe(whole.kgOf(original as never));
    expect(folder.findEpisodeById('c1')).toBeUndefined();
    expect(folder.feeds.map((f) => f.feed_id)).toEqual(['show-a']);
    expect(folder.artifacts.map((a) => a.relative_path)).toEqual([
      'run_20260301-100000_bbbb2222/metadata/0001 - one.bridge.json',
      'run_20260301-100000_bbbb2222/metadata/0001 - one.gi.json',
      'run_20260301-100000_bbbb2222/metadata/0001 - one.kg.json',
      'run_20260301-100000_bbbb2222/metadata/0002 - two.bridge.json',
      'run_20260301-100000_bbbb2222/metadata/0002 - two.gi.json',
      'run_20260301-100000_bbbb2222/metadata/0002 - two.kg.json',
    ]);
    expect(registry.describe()).toEqual([
      expect.objectContaining({ root, episodes: 4 }),
      expect.objectContaining({ root: folder.root, episodes: 2, viewOf: root }),
    ]);
  });

  it('re-roots run and metadata folders; a corpus the root does not hold is its own projection', async () => {
    const { root, registry } = await pinnedCorpus();
    const run = await registry.get(path.join(root, RUN_NEW));
    const one = run.findEpisodeById('a1');
    expect(one?.run_relpath).toBe('');
    expect(one?.metadata_relpath).toBe('metadata/0001 - one.metadata.json');
    expect(one?.transcript_relpath).toBe('transcripts/0001 - one.txt');
    const metadata = await registry.get(path.join(root, RUN_NEW, 'metadata'));
    const inner = metadata.findEpisodeById('a1');
    expect(inner?.run_relpath).toBe('');
    expect(inner?.metadata_relpath).toBe('0001 - one.metadata.json');
    expect(metadata.findEpisodeByRelpath('0001 - one.metadata.json')).toBe(inner);
    // The transcript lies outside the folder, so the folder names no relpath for it.
    expect(inner?.transcript_relpath).toBeNull();
    expect(inner?.transcript_path).toBe(path.join(root, RUN_NEW, 'transcripts/0001 - one.txt'));
    // The old run lost deduplication, so the root holds no episode there; laid out as a
    // corpus (metadata/ inside, as in a folder of corpora), it is loaded on its own.
    const old = await registry.get(path.join(root, RUN_OLD));
    expect(old.episodes.map((e) => e.title)).toEqual(['One (old run)']);
    expect(registry.describe().find((s) => s.root === old.root)?.viewOf).toBeUndefined();
    expect(registry.describe().find((s) => s.root === metadata.root)?.viewOf).toBe(root);
    expect(registry.describe().find((s) => s.root === run.root)?.viewOf).toBe(root);
  });

  it('is reused while the root is unchanged and rebuilt after it changes', async () => {
    const { root, registry } = await pinnedCorpus();
    const dir = path.join(root, 'feeds', 'show-a');
    const first = await registry.get(dir);
    expect(await registry.get(dir)).toBe(first);
    await writeJson(
      root,
      `${RUN_NEW}/metadata/0003 - three.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a3', title: 'Three' }),
    );
    const next = await registry.refresh(dir);
    expect(next).not.toBe(first);
    expect(next.episodes.map((e) => e.title)).toContain('Three');
    // The refresh went through the root: it sees the new episode too, read once.
    const whole = await registry.get(root);
    expect(whole.findEpisodeById('a3')).toBeDefined();
    expect(whole.stats.filesRead).toBe(1);
  });

  it('keeps at most maxViews views and maxRoots other projections, the pinned root always', async () => {
    // Three folder entries: the decision that RUN_OLD is a corpus of its own takes one too.
    const { root, registry } = await pinnedCorpus(1, 3);
    const dirs = ['feeds', 'feeds/show-a', RUN_NEW, 'feeds/show-b', RUN_OLD, 'metadata'];
    for (const dir of dirs) {
      await registry.get(path.join(root, dir));
    }
    const held = registry.describe();
    expect(held.map((status) => [status.root, status.viewOf])).toEqual([
      [root, undefined],
      [path.join(root, RUN_OLD), undefined],
      [path.join(root, 'feeds/show-b'), root],
      [path.join(root, 'metadata'), root],
    ]);
  });

  it('a folder outside every pinned root is a projection of its own', async () => {
    const { registry } = await pinnedCorpus();
    const other = await makeStandardCorpus();
    const elsewhere = await registry.get(other);
    expect(elsewhere.episodes).toHaveLength(4);
    const status = registry.describe().find((s) => s.root === other);
    expect(status).toMatchObject({ syncs: 1, episodes: 4 });
    expect(status?.viewOf).toBeUndefined();
  });
});
