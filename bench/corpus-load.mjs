// Child process: loads one corpus root and prints time and memory as JSON,
// so each measurement starts from a clean heap.
import { createCorpusRegistry } from '@podcast/corpus';
import { pino } from 'pino';

const root = process.argv[2];
const before = process.memoryUsage().rss;
const started = performance.now();
const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
const snapshot = await registry.get(root);
const loadMs = performance.now() - started;
globalThis.gc?.();
const memory = process.memoryUsage();
const refreshStarted = performance.now();
await registry.refresh(root);
const refreshMs = performance.now() - refreshStarted;
registry.close();
process.stdout.write(
  `${JSON.stringify({
    episodes: snapshot.episodes.length,
    artifacts: snapshot.artifacts.length,
    load_ms: Math.round(loadMs),
    unchanged_refresh_ms: Math.round(refreshMs),
    rss_mb: Math.round(memory.rss / 2 ** 20),
    heap_used_mb: Math.round(memory.heapUsed / 2 ** 20),
    rss_growth_mb: Math.round((memory.rss - before) / 2 ** 20),
  })}\n`,
);
