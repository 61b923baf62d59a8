import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AskEvidence } from '@podcast/contracts';
import { locateSegments } from '../transcripts.js';

interface SegmentFileRow {
  start?: number;
  end?: number;
  text?: string;
  char_start?: number;
  char_end?: number;
}

/**
 * Why an evidence item is not faithful to its transcript, or undefined when
 * it is: the quote must be the transcript's text at its offsets, and its
 * times must lie inside the segments holding those characters. Reads the
 * files itself (the raw `.txt` and `.segments.json`), using the segments'
 * own character offsets where the file carries them.
 */
export async function unfaithfulness(root: string, item: AskEvidence): Promise<string | undefined> {
  const relpath = item.transcript.relpath;
  const text = await readFile(path.join(root, relpath), 'utf8').catch(() => undefined);
  if (text === undefined) {
    return `no transcript at ${relpath}`;
  }
  const { char_start, char_end } = item.transcript;
  if (text.slice(char_start, char_end) !== item.quote.text) {
    return `quote is not the transcript's text at ${char_start}-${char_end}`;
  }
  const segmentsFile = relpath.replace(/\.txt$/, '.segments.json');
  const rows = JSON.parse(
    await readFile(path.join(root, segmentsFile), 'utf8'),
  ) as SegmentFileRow[];
  const timed = rows.filter(
    (r): r is Required<Pick<SegmentFileRow, 'start' | 'end' | 'text'>> & SegmentFileRow =>
      typeof r.start === 'number' && typeof r.end === 'number' && typeof r.text === 'string',
  );
  const located = timed.every((r) => typeof r.char_start === 'number')
    ? timed.map((r) => ({ ...r, char_start: r.char_start ?? 0, char_end: r.char_end ?? 0 }))
    : locateSegments(text, timed);
  const holding = located.filter((s) => s.char_start < char_end && char_start < s.char_end);
  const first = holding[0];
  const last = holding[holding.length - 1];
  if (first === undefined || last === undefined) {
    return 'no segment holds the quote';
  }
  if (item.start_s < first.start || item.end_s > last.end || item.start_s > item.end_s) {
    return `times ${item.start_s}-${item.end_s} outside the segment ${first.start}-${last.end}`;
  }
  return undefined;
}
