import { pino } from 'pino';
import { episodeDetailFromIndex } from './answers.js';
import { openCorpusIndex } from './corpus-index.js';

/*
 * One process on a shared index: `node dist/index-process.js <index file
 * or postgres:// URL> <corpus root> <slug> [rescan ms]`. It ingests while it holds the lock and reads
 * either way, printing one JSON line per beat: whether it is the
 * ingester and the title it reads for <slug>. The shared-index test runs
 * two of these and kills one.
 */

const [where, root, slug, rescan] = process.argv.slice(2);
if (where === undefined || root === undefined || slug === undefined) {
  process.stderr.write(
    'usage: index-process <index file | postgres:// URL> <corpus root> <slug> [rescan ms]\n',
  );
  process.exit(2);
}
const location = /^postgres(ql)?:\/\//.test(where) ? { url: where } : { file: where };

const BEAT_MS = 100;
/** Rescans this often whether or not a watcher runs, unless told otherwise. */
const rescanMs = rescan === undefined ? 200 : Number(rescan);
const logger = pino({ level: 'warn' }, pino.destination(2));
const index = openCorpusIndex({
  ...location,
  root,
  logger,
  heartbeatMs: 200,
  staleMs: 2000,
  rescanMs,
  watchedRescanMs: rescanMs,
});

async function beat(): Promise<void> {
  const reader = index.reader();
  const detail = reader && (await episodeDetailFromIndex(reader, slug as string));
  process.stdout.write(
    `${JSON.stringify({ pid: process.pid, ingester: index.isIngester(), title: detail?.title ?? null })}\n`,
  );
}

const timer = setInterval(() => void beat(), BEAT_MS);
process.on('SIGTERM', () => {
  clearInterval(timer);
  void index.close().then(() => process.exit(0));
});
