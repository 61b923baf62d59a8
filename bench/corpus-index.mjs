// `pnpm bench --only=corpus-index`: the SQLite corpus index against today's
// projection in the same run: open to first answer, the index's first build,
// the p99 of the catalog queries, and how soon (and at what CPU) a changed
// episode is read once the watcher reports it. Each measurement runs in a child process
// of its own, so each starts from a clean heap.
import { execFileSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';

function child(here, script, args) {
  const json = execFileSync(process.execPath, [resolve(here, script), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(json);
}

/** A projection restart from the projection saved in `cacheDir`: the peak RSS one process holds. */
export function restartOfProjection(here, root, cacheDir) {
  return child(here, 'corpus-index-open.mjs', ['projection', root, cacheDir]);
}

/** The rows of the open, build and query measurements over `root`. */
export async function corpusIndexBench(here, root, { rounds }) {
  const out = resolve(here, 'out/corpus-index');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const file = resolve(out, 'index.sqlite');
  const projection = resolve(out, 'projection');
  const open = (label, mode, path) => ({
    label,
    ...child(here, 'corpus-index-open.mjs', [mode, root, ...(path ? [path] : [])]),
  });
  const starts = [
    open('projection, first start (nothing saved)', 'projection'),
    open('projection, first start (projection saved)', 'projection', projection),
    open('projection, restart (projection read)', 'projection', projection),
    open('sqlite index, first build', 'build', file),
    open('sqlite index, open of the built file', 'index', file),
    open('sqlite index, open of the built file (again)', 'index', file),
  ];
  const queries = child(here, 'corpus-index-queries.mjs', [root, file, String(rounds)]).map(
    ({ query, store, ...times }) => ({ label: `${query} (${store})`, ...times }),
  );
  const change = {
    label: 'a changed episode read through another connection (watcher)',
    ...child(here, 'corpus-index-change.mjs', [root, file]),
    target: 'visible < 1000 ms; CPU a small share of a full rescan',
  };
  return { starts, queries, changes: [change] };
}
