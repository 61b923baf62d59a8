import { createCorpusRegistry } from '@podcast/corpus';
import { pino } from 'pino';
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const [root, cacheDir] = process.argv.slice(2);
const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: true, cacheDir });
let s = await registry.warm(root);
console.log('loaded', s.episodes.length);
await new Promise((r) => setTimeout(r, 3000));
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.start');
for (let round = 0; round < 3; round++) {
  const e = s.episodes[round * 7];
  const file = `${root}/${e.metadata_relpath}`;
  const original = await readFile(file, 'utf8');
  const doc = JSON.parse(original); doc.episode.title += ' (x)';
  const t = performance.now();
  await writeFile(file, JSON.stringify(doc));
  for (;;) { s = await registry.get(root); if (s.findEpisodeByRelpath(e.metadata_relpath)?.title === doc.episode.title) break; await new Promise((r) => setTimeout(r, 20)); }
  console.log('visible in', Math.round(performance.now() - t), 'ms', s.stats);
  await writeFile(file, original);
  for (;;) { s = await registry.get(root); if (s.findEpisodeByRelpath(e.metadata_relpath)?.title !== doc.episode.title) break; await new Promise((r) => setTimeout(r, 20)); }
}
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/change.cpuprofile', JSON.stringify(profile));
registry.close();
process.exit(0);
