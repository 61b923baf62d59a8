import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import { type CorpusRegistry, createCorpusRegistry } from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import { makeTempDir, metadataDoc, writeJson, writeText } from './corpus-fixture.js';
import { GI_3_1 } from './lineage-fixtures.js';

describe('lenient reading of a corpus with broken files', () => {
  let registry: CorpusRegistry;
  let snapshot: CorpusSnapshot;
  let warnings: Array<Record<string, unknown>>;

  beforeAll(async () => {
    const root = await makeTempDir();
    const dir = 'feeds/f/run_20260101-000000/metadata';
    await writeJson(
      root,
      `${dir}/good.metadata.json`,
      metadataDoc({ feedId: 'f', episodeId: 'good', title: 'Good' }),
    );
    await writeJson(root, `${dir}/good.gi.json`, GI_3_1);
    await writeJson(
      root,
      `${dir}/bad-gi.metadata.json`,
      metadataDoc({ feedId: 'f', episodeId: 'bad-gi', title: 'Bad GI' }),
    );
    await writeText(root, `${dir}/bad-gi.gi.json`, '{"nodes": [ {"id": "insight:1", "ty');
    await writeText(root, `${dir}/truncated.metadata.json`, '{"feed": {"feed_id": "f"}, "episo');
    await writeText(root, `${dir}/empty.metadata.json`, '');
    await writeText(root, `${dir}/list.metadata.json`, '[1, 2, 3]');
    await writeText(root, `${dir}/broken.metadata.yaml`, 'feed: [unclosed\n  episode: {');
    await writeText(root, `${dir}/scalar.kg.json`, '"just a string"');
    await writeJson(
      root,
      `${dir}/scalar.metadata.json`,
      metadataDoc({ feedId: 'f', episodeId: 'scalar' }),
    );
    const memory = memoryLogger();
    registry = createCorpusRegistry({ logger: memory.logger, watch: false });
    snapshot = await registry.get(root);
    warnings = memory.lines.filter((line) => line.level === 40);
  });
  afterAll(() => registry.close());

  it('still loads every readable episode', () => {
    expect(snapshot.episodes.map((e) => e.episode_id).sort()).toEqual(['bad-gi', 'good', 'scalar']);
  });

  it('treats an episode whose GI is corrupt as having no graph', () => {
    const badGi = snapshot.findEpisodeById('bad-gi');
    expect(badGi?.has_gi).toBe(true);
    expect(badGi && snapshot.graphOf(badGi)).toBeUndefined();
    const good = snapshot.findEpisodeById('good');
    expect(good && snapshot.graphOf(good)?.insights).toHaveLength(5);
  });

  it('logs exactly one warning with file and error per skipped file', () => {
    const files = warnings.map((w) => String(w.file).split('/').pop()).sort();
    expect(files).toEqual([
      'bad-gi.gi.json',
      'broken.metadata.yaml',
      'empty.metadata.json',
      'list.metadata.json',
      'scalar.kg.json',
      'truncated.metadata.json',
    ]);
    expect(warnings.every((w) => typeof w.err === 'string' && w.err !== '')).toBe(true);
  });

  it('counts the skipped files in the load stats', () => {
    expect(snapshot.stats.filesSkipped).toBe(6);
  });
});
