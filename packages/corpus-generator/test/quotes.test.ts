import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateCorpus } from '../src/index.js';
import { filesEndingWith, makeTempDir, readJson, runDirOf } from './corpus-tree.js';

interface Node {
  id: string;
  type: string;
  properties: Record<string, unknown>;
}
interface Segment {
  start: number;
  end: number;
  text: string;
  char_start?: number;
  char_end?: number;
}
interface QuoteCase {
  gi: string;
  quote: Node;
}

const temp = makeTempDir('quotes');
let quotes: QuoteCase[] = [];

beforeAll(async () => {
  await generateCorpus({ out: temp.path, feeds: 4, episodesPerFeed: 6, force: true });
  quotes = filesEndingWith(temp.path, '.gi.json').flatMap((gi) =>
    readJson<{ nodes: Node[] }>(join(temp.path, gi))
      .nodes.filter((node) => node.type === 'Quote')
      .map((quote) => ({ gi, quote })),
  );
});
afterAll(() => temp.remove());

function transcriptOf({ gi, quote }: QuoteCase): { text: string; path: string } {
  const path = join(temp.path, runDirOf(gi), quote.properties.transcript_ref as string);
  return { text: readFileSync(path, 'utf8'), path };
}

describe('GI quotes', () => {
  it('exist in every generated corpus', () => {
    expect(quotes.length).toBeGreaterThan(50);
  });

  it('equal the raw transcript sliced at their char offsets', () => {
    for (const entry of quotes) {
      const { char_start, char_end, text } = entry.quote.properties as {
        char_start: number;
        char_end: number;
        text: string;
      };
      expect(transcriptOf(entry).text.slice(char_start, char_end)).toBe(text);
    }
  });

  it('lie inside one line, after its "Name: " prefix', () => {
    for (const entry of quotes) {
      const { char_start, char_end } = entry.quote.properties as {
        char_start: number;
        char_end: number;
      };
      const text = transcriptOf(entry).text;
      const lineStart = text.lastIndexOf('\n', char_start - 1) + 1;
      const prefixEnd = text.indexOf(': ', lineStart) + 2;
      expect(char_start).toBeGreaterThanOrEqual(prefixEnd);
      expect(text.slice(char_start, char_end)).not.toContain('\n');
    }
  });

  it('carry the timestamps of the segment whose text holds them', () => {
    let checked = 0;
    for (const entry of quotes) {
      const segmentsPath = transcriptOf(entry).path.replace(/\.txt$/, '.segments.json');
      if (!existsSync(segmentsPath)) {
        continue;
      }
      const { text, timestamp_start_ms, timestamp_end_ms } = entry.quote.properties as Record<
        string,
        number
      > & { text: string };
      const segment = readJson<Segment[]>(segmentsPath).find((s) => s.text.includes(text));
      expect(segment).toBeDefined();
      expect([
        Math.round((segment?.start ?? -1) * 1000),
        Math.round((segment?.end ?? -1) * 1000),
      ]).toEqual([timestamp_start_ms, timestamp_end_ms]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('ad-free transcripts', () => {
  it('have segments whose char offsets slice the ad-free text and a shorter timeline', () => {
    const files = filesEndingWith(temp.path, '.adfree.segments.json');
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const adfree = readFileSync(join(temp.path, file.replace('.segments.json', '.txt')), 'utf8');
      const segments = readJson<Segment[]>(join(temp.path, file));
      for (const segment of segments) {
        expect(adfree.slice(segment.char_start, segment.char_end)).toBe(segment.text);
      }
      const raw = readJson<Segment[]>(
        join(temp.path, file.replace('.adfree.segments.json', '.segments.json')),
      );
      expect(segments.at(-1)?.end ?? 0).toBeLessThan(raw.at(-1)?.end ?? 0);
      expect(adfree).not.toMatch(
        /brought to you by|Support for this show|supported by Ledgerly|word from our sponsor/,
      );
    }
  });
});
