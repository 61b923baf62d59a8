// Child process: how fast this machine is right now at the two things a
// large corpus load is made of, so that runs on different days can be set
// side by side. No target: the absolute rows of the scale part (first
// start, restart) move with these figures, the ratios to the bare route do
// not. Prints one JSON line.
//
//   files: reads and parses the first 10,000 GI files of a corpus, one
//     after the other on this thread (the page cache is warm after the
//     corpus is generated or loaded once);
//   heap: builds 2,000,000 small objects that all stay alive (a loader's
//     pattern: everything it reads lives on), and reports the young
//     collections it cost (young generation, and all of them).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const [root] = process.argv.slice(2);
const FILES = 10_000;
const OBJECTS = 2_000_000;

function giFiles(feedsDir, limit) {
  const found = [];
  for (const feed of readdirSync(feedsDir).sort()) {
    for (const run of readdirSync(join(feedsDir, feed)).sort()) {
      const dir = join(feedsDir, feed, run, 'metadata');
      for (const name of readdirSync(dir).sort()) {
        if (name.endsWith('.gi.json')) {
          found.push(join(dir, name));
          if (found.length === limit) {
            return found;
          }
        }
      }
    }
  }
  return found;
}

const files = giFiles(join(root, 'feeds'), FILES);
const cpuBefore = process.cpuUsage();
let started = performance.now();
let bytes = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  bytes += text.length;
  JSON.parse(text);
}
const filesMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);

let scavengeMs = 0;
let scavenges = 0;
let gcMs = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      scavengeMs += entry.duration;
      scavenges++;
    }
  }
});
observer.observe({ entryTypes: ['gc'] });
started = performance.now();
const kept = [];
for (let i = 0; i < OBJECTS; i++) {
  kept.push({ id: `item:${i}`, place: i, weight: i / 7, next: null });
}
const heapMs = performance.now() - started;
// Let the observer's entries arrive before they are read.
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();

process.stdout.write(
  `${JSON.stringify({
    files: files.length,
    files_mb: Math.round(bytes / 2 ** 20),
    files_ms: Math.round(filesMs),
    files_user_ms: Math.round(cpu.user / 1000),
    files_system_ms: Math.round(cpu.system / 1000),
    objects: kept.length,
    heap_ms: Math.round(heapMs),
    scavenges,
    scavenge_ms: Math.round(scavengeMs),
    gc_ms: Math.round(gcMs),
  })}\n`,
);
