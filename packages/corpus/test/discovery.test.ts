import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { discoverMetadataFiles } from '../src/discovery/discovery.js';
import { displayNameIn } from '../src/readers/bridge-reader.js';
import type { CorpusRegistry } from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import {
  createQuietRegistry,
  makeStandardCorpus,
  makeTempDir,
  metadataDoc,
  RUN_NEW,
  RUN_OLD,
  writeJson,
} from './corpus-fixture.js';

describe('discovery on the feed + run layout', () => {
  let root: string;
  let registry: CorpusRegistry;
  let snapshot: CorpusSnapshot;

  beforeAll(async () => {
    root = await makeStandardCorpus();
    registry = createQuietRegistry({ watch: false });
    snapshot = await registry.get(root);
  });
  afterAll(() => registry.close());

  it('finds metadata in every metadata/ folder but not in enrichments/ or dot-directories', async () => {
    expect(await discoverMetadataFiles(root)).toEqual([
      `${RUN_OLD}/metadata/0001 - one.metadata.json`,
      `${RUN_NEW}/metadata/0001 - one.metadata.json`,
      `${RUN_NEW}/metadata/0002 - two.metadata.yaml`,
      'feeds/show-b/metadata/b1.metadata.json',
      'metadata/flat1.metadata.yml',
    ]);
  });

  it('lists deduplicated episodes newest first with undated ones last', () => {
    expect(snapshot.episodes.map((e) => [e.episode_id, e.publish_date])).toEqual([
      ['a2', '2026-03-01'],
      ['c1', '2026-02-15'],
      ['a1', '2026-01-01'],
      ['b1', null],
    ]);
  });

  it('keeps the episode of the newer run and its artifacts', () => {
    const a1 = snapshot.findEpisodeById('a1');
    expect(a1?.title).toBe('One');
    expect(a1 && snapshot.graphOf(a1)?.schema_version).toBe('3.1');
    expect(a1?.metadata_relpath.startsWith(RUN_NEW)).toBe(true);
  });

  it('applies the same dedup to the artifact listing, keeping orphans', () => {
    const paths = snapshot.artifacts.map((a) => a.relative_path);
    expect(paths).not.toContain(`${RUN_OLD}/metadata/0001 - one.gi.json`);
    expect(paths).toContain(`${RUN_NEW}/metadata/0001 - one.gi.json`);
    expect(paths).toContain('feeds/show-b/metadata/orphan.gi.json');
    expect(paths).toEqual([...paths].sort());
    expect(snapshot.artifacts).toHaveLength(10);
  });

  it('dates artifacts from their episode, else from the file mtime day', () => {
    const byPath = new Map(snapshot.artifacts.map((a) => [a.relative_path, a]));
    expect(byPath.get(`${RUN_NEW}/metadata/0002 - two.kg.json`)).toMatchObject({
      kind: 'kg',
      publish_date: '2026-03-01',
    });
    const orphan = byPath.get('feeds/show-b/metadata/orphan.gi.json');
    expect(orphan?.publish_date).toBe(orphan?.mtime_utc.slice(0, 10));
  });

  it('loads every GI, KG and bridge lineage of the fixture', () => {
    const a1 = snapshot.findEpisodeById('a1');
    const a2 = snapshot.findEpisodeById('a2');
    const b1 = snapshot.findEpisodeById('b1');
    if (!a1 || !a2 || !b1) {
      throw new Error('fixture episodes missing');
    }
    expect([a2, a1, b1].map((e) => snapshot.graphOf(e)?.schema_version)).toEqual([
      '1.0',
      '3.1',
      '3.0',
    ]);
    expect([a2, a1, b1].map((e) => snapshot.kgOf(e)?.schema_version)).toEqual(['1.2', '2.0', '2']);
    expect(displayNameIn(snapshot.bridgeOf(a1), 'person:maya')).toBe('Maya R.');
    expect(displayNameIn(snapshot.bridgeOf(a2), 'org:acme')).toBe('Acme Corp');
    expect(snapshot.bridgeOf(b1)?.topic_to_canonical.get('concept:flooding')).toBe('topic:floods');
  });

  it('aggregates feeds sorted by id with the empty id last', () => {
    expect(snapshot.feeds.map((f) => [f.feed_id, f.title, f.episode_count])).toEqual([
      ['show-a', 'Show show-a', 2],
      ['show-c', 'Show show-c', 1],
      ['', 'Connectivity only', 1],
    ]);
  });

  it('finds episodes by slug, by id with an episode: prefix and by relpath', () => {
    const a2 = snapshot.findEpisodeById('episode:a2');
    expect(a2 && snapshot.findEpisodeBySlug(a2.slug)).toBe(a2);
    expect(a2 && snapshot.findEpisodeByRelpath(a2.metadata_relpath)).toBe(a2);
    expect(snapshot.findEpisodeBySlug('nope-0000000000')).toBeUndefined();
  });

  it('hands out an immutable snapshot', () => {
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(Object.isFrozen(snapshot.episodes)).toBe(true);
    expect(Object.isFrozen(snapshot.episodes[0])).toBe(true);
  });
});

describe('discovery on the flat layout', () => {
  it('reads only the root metadata/ when there is no feeds/ folder', async () => {
    const root = await makeTempDir();
    await writeJson(root, 'metadata/x.metadata.json', metadataDoc({ episodeId: 'x' }));
    await writeJson(root, 'elsewhere/metadata/y.metadata.json', metadataDoc({ episodeId: 'y' }));
    expect(await discoverMetadataFiles(root)).toEqual(['metadata/x.metadata.json']);
  });

  it('reads nested metadata/ folders once feeds/ exists', async () => {
    const root = await makeTempDir();
    await writeJson(root, 'metadata/x.metadata.json', metadataDoc({ episodeId: 'x' }));
    await writeJson(root, 'elsewhere/metadata/y.metadata.json', metadataDoc({ episodeId: 'y' }));
    await writeJson(root, 'feeds/f/metadata/z.metadata.json', metadataDoc({ episodeId: 'z' }));
    expect(await discoverMetadataFiles(root)).toHaveLength(3);
  });

  it('follows no symlink: a linked folder or file from outside adds no episode', async () => {
    const root = await makeTempDir();
    const outside = await makeTempDir('outside-');
    await writeJson(root, 'feeds/f/metadata/x.metadata.json', metadataDoc({ episodeId: 'x' }));
    await writeJson(outside, 'show/metadata/y.metadata.json', metadataDoc({ episodeId: 'y' }));
    await writeJson(outside, 'z.metadata.json', metadataDoc({ episodeId: 'z' }));
    await symlink(path.join(outside, 'show'), path.join(root, 'feeds/linked'));
    await symlink(path.join(outside, 'show/metadata'), path.join(root, 'feeds/f/more'));
    await symlink(
      path.join(outside, 'z.metadata.json'),
      path.join(root, 'feeds/f/metadata/z.metadata.json'),
    );
    expect(await discoverMetadataFiles(root)).toEqual(['feeds/f/metadata/x.metadata.json']);
    const registry = createQuietRegistry({ watch: false });
    const snapshot = await registry.get(root);
    expect(snapshot.episodes.map((e) => e.episode_id)).toEqual(['x']);
    registry.close();
  });

  it('loads an empty snapshot for a root that does not exist', async () => {
    const registry = createQuietRegistry({ watch: false });
    const snapshot = await registry.get('/nonexistent/corpus/root');
    expect(snapshot.episodes).toEqual([]);
    registry.close();
  });
});
