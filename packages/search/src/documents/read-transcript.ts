import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EpisodeRecord } from '@podcast/corpus';
import { transcriptFamilyOf } from '@podcast/corpus';
import type { IndexedTranscript } from './episode-documents.js';
import type { ExcisedRange } from './transcript-chunks.js';

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

function excisedRanges(admap: string | undefined): ExcisedRange[] {
  try {
    const parsed = JSON.parse(admap ?? '{}') as { excised_ranges?: unknown };
    const ranges = Array.isArray(parsed.excised_ranges) ? parsed.excised_ranges : [];
    return ranges.filter(
      (r): r is ExcisedRange =>
        Number.isInteger(r?.char_start) &&
        Number.isInteger(r?.char_end) &&
        r.char_end > r.char_start,
    );
  } catch {
    return [];
  }
}

/**
 * The transcript to index: `.adfree.txt` with its admap when both exist,
 * else the raw `.txt` (also `.cleaned.txt` is not used: its offsets differ
 * from the ones GI quotes carry). Undefined when nothing is on disk.
 */
export async function readIndexedTranscript(
  root: string,
  episode: EpisodeRecord,
): Promise<IndexedTranscript | undefined> {
  const family = transcriptFamilyOf(episode.transcript_relpath);
  if (family === undefined) {
    return undefined;
  }
  const at = (relpath: string) => path.join(root, relpath);
  const adfree = await readOptional(at(family.adfree_txt));
  const admap = adfree === undefined ? undefined : await readOptional(at(family.adfree_admap));
  if (adfree !== undefined && admap !== undefined) {
    return { text: adfree, excised: excisedRanges(admap) };
  }
  const raw = await readOptional(at(family.txt));
  return raw === undefined ? undefined : { text: raw, excised: [] };
}
