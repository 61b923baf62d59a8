// Child process: loads one corpus root and prints time and memory as JSON,
// so each measurement starts from a clean heap. With a cache folder as the
// second argument the registry starts from (and then saves) the persisted
// projection there: run it twice for a first start and a restart.
import { createCorpusRegistry } from '@podcast/corpus';
import { pino } from 'pino';

const [root, cacheDir] = process.argv.slice(2);
const before = process.memoryUsage().rss;
const started = performance.now();
const registry = createCorpusRegistry({
  logger: pino({ level: 'silent' }),
  watch: false,
  // As the servers do: a request gets the episodes as soon as they are read
  // (before the GI, KG and bridge files of a first load), not the whole load.
  firstLoadWaitMs: 600_000,
  ...(cacheDir ? { cacheDir } : {}),
});
const served = registry.get(root).then(() => performance.now() - started);
const snapshot = await registry.warm(root);
const loadMs = performance.now() - started;
const servedMs = await served;
const peakAfterLoad = process.resourceUsage().maxRSS * 1024;
globalThis.gc?.();
const memory = process.memoryUsage();
const saveStarted = performance.now();
await registry.persist(root);
const saveMs = performance.now() - saveStarted;
const refreshStarted = performance.now();
await registry.refresh(root);
const refreshMs = performance.now() - refreshStarted;
const projection = registry.projection();
registry.close();
process.stdout.write(
  `${JSON.stringify({
    episodes: snapshot.episodes.length,
    artifacts: snapshot.artifacts.length,
    episodes_served_ms: Math.round(servedMs),
    load_ms: Math.round(loadMs),
    files_parsed: snapshot.stats.filesRead,
    unchanged_refresh_ms: Math.round(refreshMs),
    rss_mb: Math.round(memory.rss / 2 ** 20),
    peak_rss_mb: Math.round(peakAfterLoad / 2 ** 20),
    heap_used_mb: Math.round(memory.heapUsed / 2 ** 20),
    rss_growth_mb: Math.round((memory.rss - before) / 2 ** 20),
    ...(projection
      ? {
          projection: projection.hits > 0 ? 'read' : 'none',
          save_ms: projection.saves > 0 ? Math.round(saveMs) : null,
          projection_mb:
            projection.last_save_bytes === null
              ? null
              : Math.round(projection.last_save_bytes / 2 ** 20),
        }
      : {}),
  })}\n`,
);
