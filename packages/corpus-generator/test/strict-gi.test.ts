import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { validateGiArtifact } from '@podcast/contracts';
import { type GeneratedCorpusSummary, generateCorpus } from '../src/index.js';
import { filesEndingWith, makeTempDir, readJson } from './corpus-tree.js';

const temp = makeTempDir('strict');
let summary: GeneratedCorpusSummary;

beforeAll(async () => {
  summary = await generateCorpus({ out: temp.path, feeds: 4, episodesPerFeed: 6, force: true });
});
afterAll(() => temp.remove());

describe('GI files', () => {
  it('include a handful in the strict 1.0 form, each passing validateGiArtifact', () => {
    expect(summary.strictGiFiles.length).toBeGreaterThanOrEqual(3);
    for (const relpath of summary.strictGiFiles) {
      const result = validateGiArtifact(readJson(join(temp.path, relpath)));
      expect(result.ok ? [] : result.errors).toEqual([]);
    }
  });

  it('otherwise use the pipeline 3.1 lineage, which the strict validator rejects', () => {
    const pipeline = filesEndingWith(temp.path, '.gi.json').filter(
      (file) => !summary.strictGiFiles.includes(file),
    );
    expect(pipeline.length).toBeGreaterThan(10);
    for (const relpath of pipeline) {
      const gi = readJson(join(temp.path, relpath));
      expect(gi.schema_version).toBe('3.1');
      expect(validateGiArtifact(gi).ok).toBe(false);
    }
  });

  it('ground every insight marked grounded with at least one SUPPORTED_BY quote, and include ungrounded ones', () => {
    let ungrounded = 0;
    for (const relpath of filesEndingWith(temp.path, '.gi.json')) {
      const gi = readJson<{
        nodes: Array<{ id: string; type: string; properties: { grounded?: boolean } }>;
        edges: Array<{ type: string; from: string }>;
      }>(join(temp.path, relpath));
      const supported = new Set(
        gi.edges.filter((e) => e.type === 'SUPPORTED_BY').map((e) => e.from),
      );
      for (const insight of gi.nodes.filter((n) => n.type === 'Insight')) {
        expect(insight.properties.grounded).toBe(supported.has(insight.id));
        ungrounded += insight.properties.grounded ? 0 : 1;
      }
    }
    expect(ungrounded).toBeGreaterThan(0);
  });
});
