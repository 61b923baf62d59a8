import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CorpusRunSummaryItem } from '@podcast/contracts';
import { mapLimit } from '@podcast/runtime';
import type { CorpusPlace } from '../caches/corpus-caches.js';
import { newestRunFiles, type RunFile, runSummaryRow, sortRunSummaries } from './run-summaries.js';

/** Per-episode folders hold thousands of files and never a run.json. */
const SKIPPED_DIRS = new Set(['metadata', 'transcripts', 'media']);
const SKIPPED_AT_ROOT = new Set(['search', 'enrichments']);

async function walk(root: string, rel: string, found: string[]): Promise<void> {
  const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
  const subdirs: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) {
      continue;
    }
    const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isFile() && entry.name === 'run.json') {
      found.push(child);
    } else if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) {
      if (rel !== '' || !SKIPPED_AT_ROOT.has(entry.name)) {
        subdirs.push(child);
      }
    }
  }
  await Promise.all(subdirs.map((dir) => walk(root, dir, found)));
}

// The walk runs once per place (a snapshot, or one data version of the
// index): a new run folder brings new metadata and so a new one, while
// edits to known run.json files are seen by stat.
/** Root-relative paths of every run.json outside dot-directories, walked once per place. */
export function discoverRunFiles(place: CorpusPlace): Promise<readonly string[]> {
  return place.caches.runFileLists.listFor(place, async () => {
    const found: string[] = [];
    await walk(place.root, '', found);
    return found.sort();
  });
}

async function statRunFiles(root: string, relpaths: readonly string[]): Promise<RunFile[]> {
  const files: RunFile[] = [];
  await mapLimit(relpaths, 32, async (relpath) => {
    const info = await stat(path.join(root, relpath)).catch(() => undefined);
    if (info?.isFile()) {
      files.push({ relpath, mtimeMs: info.mtimeMs });
    }
  });
  return files;
}

/** Compact rows of the newest run.json files, created_at descending; unreadable files are skipped. */
export async function readRunSummaries(
  place: CorpusPlace,
): Promise<{ runs: CorpusRunSummaryItem[]; run_files: number }> {
  const files = await statRunFiles(place.root, await discoverRunFiles(place));
  const rows: CorpusRunSummaryItem[] = [];
  for (const file of newestRunFiles(files)) {
    const read = await place.caches.runFiles.read(path.join(place.root, file.relpath));
    const row = read?.value.ok ? runSummaryRow(file, read.value.value) : undefined;
    if (row !== undefined) {
      rows.push(row);
    }
  }
  return { runs: sortRunSummaries(rows), run_files: files.length };
}
