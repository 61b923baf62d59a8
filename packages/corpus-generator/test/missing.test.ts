import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type GeneratedCorpusSummary, generateCorpus, type MissingKind } from '../src/index.js';
import { filesEndingWith, makeTempDir, readJson, runDirOf } from './corpus-tree.js';

const temp = makeTempDir('missing');
let summary: GeneratedCorpusSummary;

beforeAll(async () => {
  summary = await generateCorpus({ out: temp.path, feeds: 4, episodesPerFeed: 6, force: true });
});
afterAll(() => temp.remove());

interface EpisodeFiles {
  metadata: {
    content: Record<string, unknown>;
    summary?: unknown;
    grounded_insights?: unknown;
    knowledge_graph?: unknown;
  };
  has: (suffix: string) => boolean;
  transcriptFiles: string[];
  kg: () => { extraction: { model_version: string } };
}

function episodeFiles(metadataRelpath: string): EpisodeFiles {
  const runDir = join(temp.path, runDirOf(metadataRelpath));
  const stem =
    metadataRelpath
      .split('/')
      .at(-1)
      ?.replace(/\.metadata\.json$/, '') ?? '';
  const transcripts = join(runDir, 'transcripts');
  return {
    metadata: readJson(join(temp.path, metadataRelpath)),
    has: (suffix) =>
      existsSync(
        join(
          runDir,
          suffix.startsWith('enrichments')
            ? `metadata/enrichments/${stem}${suffix.slice(11)}`
            : `metadata/${stem}${suffix}`,
        ),
      ),
    transcriptFiles: existsSync(transcripts)
      ? readdirSync(transcripts).filter((name) => name.startsWith(stem))
      : [],
    kg: () => readJson(join(runDir, `metadata/${stem}.kg.json`)),
  };
}

const CHECKS: Array<[MissingKind, (files: EpisodeFiles) => void]> = [
  [
    'no_transcript',
    (f) => {
      expect(f.metadata.content.transcript_file_path).toBeUndefined();
      expect(f.transcriptFiles).toEqual([]);
      expect(f.has('.gi.json')).toBe(false);
      expect(f.kg().extraction.model_version).toBe('summary_bullets');
    },
  ],
  [
    'no_segments',
    (f) => {
      expect(f.metadata.content.transcript_file_path).toEqual(expect.stringMatching(/\.txt$/));
      expect(f.transcriptFiles.some((name) => name.endsWith('.segments.json'))).toBe(false);
      expect(f.transcriptFiles.some((name) => /_[0-9a-f]{8}\.txt$/.test(name))).toBe(true);
    },
  ],
  [
    'no_gi',
    (f) => {
      expect(f.has('.gi.json')).toBe(false);
      expect(f.metadata.grounded_insights).toBeUndefined();
    },
  ],
  [
    'no_kg',
    (f) => {
      expect(f.has('.kg.json')).toBe(false);
      expect(f.metadata.knowledge_graph).toBeUndefined();
    },
  ],
  [
    'no_bridge',
    (f) => {
      expect([f.has('.gi.json'), f.has('.kg.json'), f.has('.bridge.json')]).toEqual([
        true,
        true,
        false,
      ]);
    },
  ],
  ['no_summary', (f) => expect(f.metadata.summary).toBeUndefined()],
  ['no_media_url', (f) => expect(f.metadata.content.media_url).toBeUndefined()],
  [
    'no_enrichments',
    (f) => {
      expect(f.has('.gi.json')).toBe(true);
      expect(f.has('enrichments.insight_sentiment.json')).toBe(false);
    },
  ],
];

describe('deliberately missing pieces', () => {
  it.each(CHECKS)(
    '%s is missing where the summary says and nowhere else unexpected',
    (kind, check) => {
      const entries = summary.missing.filter((entry) => entry.kind === kind);
      expect(entries.length).toBeGreaterThanOrEqual(1);
      for (const entry of entries) {
        check(episodeFiles(entry.metadata_relpath));
      }
    },
  );

  it('leaves every other episode complete', () => {
    const gaps = new Set(summary.missing.map((entry) => entry.metadata_relpath));
    const complete = filesEndingWith(temp.path, '.metadata.json').filter(
      (relpath) => !gaps.has(relpath),
    );
    expect(complete.length).toBeGreaterThan(10);
    for (const relpath of complete) {
      const f = episodeFiles(relpath);
      expect([
        f.has('.gi.json'),
        f.has('.kg.json'),
        f.has('.bridge.json'),
        f.has('enrichments.insight_density.json'),
      ]).toEqual([true, true, true, true]);
      expect(f.transcriptFiles.some((name) => name.endsWith('.segments.json'))).toBe(true);
      expect(f.metadata.summary).toBeDefined();
      expect(f.metadata.content.media_url).toEqual(expect.stringMatching(/^https:\/\/media\./));
    }
  });

  it('are each listed in the corpus README', () => {
    const readme = readFileSync(join(temp.path, 'README.md'), 'utf8');
    for (const entry of summary.missing) {
      expect(readme).toContain(entry.metadata_relpath);
    }
  });
});
