// Child process for the corpus-index bench: how soon a changed episode is
// read through another connection once the ingester's watcher reports it,
// and the CPU that costs, against a full rescan of the same index, as JSON.
//   <root> <file>: an index of <root> already built at <file>
// Each changed metadata file is written back as it was at the end.
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findEpisodeBySlug, openCorpusIndex, openIndexReader } from '@podcast/corpus-index';
import { pino } from 'pino';

const CHANGES = 5;
const [root, file] = process.argv.slice(2);
const logger = pino({ level: 'silent' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const index = openCorpusIndex({ file, root, logger, watchedRescanMs: 600_000 });
await index.ingestNow();
// The rescan that follows the watch's start, timed: what a change cost before the watcher.
let started = performance.now();
const rescanCpu = process.cpuUsage();
await index.ingestNow();
const rescan = { ms: performance.now() - started, cpu_ms: cpuMs(rescanCpu) };
await sleep(1500);

const reader = openIndexReader(file);
const rows = await reader.db
  .selectFrom('episodes')
  .select(['slug', 'metadata_relpath'])
  .orderBy('metadata_relpath')
  .limit(CHANGES)
  .execute();
const originals = [];
const seen = [];
for (const [i, row] of rows.entries()) {
  const path = join(root, row.metadata_relpath);
  const text = readFileSync(path, 'utf8');
  const { atime, mtime } = statSync(path);
  originals.push({ path, text, atime, mtime });
  const doc = JSON.parse(text);
  doc.episode.title = `Changed for the bench ${i}`;
  const cpu = process.cpuUsage();
  started = performance.now();
  writeFileSync(path, JSON.stringify(doc));
  while ((await findEpisodeBySlug(reader.db, row.slug))?.title !== doc.episode.title) {
    if (performance.now() - started > 30_000) {
      throw new Error(`change ${i} not seen within 30 s`);
    }
    await sleep(5);
  }
  seen.push({ ms: performance.now() - started, cpu_ms: cpuMs(cpu) });
  await sleep(500);
}
for (const { path, text, atime, mtime } of originals) {
  writeFileSync(path, text);
  utimesSync(path, atime, mtime);
}
await sleep(1000);
await index.ingestNow();
await reader.close();
await index.close();
const round = (value) => Math.round(value * 10) / 10;
process.stdout.write(
  JSON.stringify({
    changes: CHANGES,
    visible_ms_median: round(median(seen.map((s) => s.ms))),
    visible_ms_max: round(Math.max(...seen.map((s) => s.ms))),
    cpu_ms_median: round(median(seen.map((s) => s.cpu_ms))),
    full_rescan_ms: round(rescan.ms),
    full_rescan_cpu_ms: round(rescan.cpu_ms),
  }),
);
