// `pnpm bench --only=corpus-index`: the SQLite corpus index against today's
// projection in the same run: open to first answer, the index's first build,
// the p99 of the catalog queries, and how soon (and at what CPU) a changed
// episode is read once the watcher reports it. Each measurement runs in a child process
// of its own, so each starts from a clean heap.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';

function child(here, script, args) {
  const json = execFileSync(process.execPath, [resolve(here, script), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(json);
}

// Drops every file under the root from the page cache (posix_fadvise DONTNEED, which needs no
// privilege, unlike drop_caches). Node has no fadvise; Python's os module has.
const EVICT = `import os, sys
for d, _, names in os.walk(sys.argv[1]):
    for n in names:
        try:
            fd = os.open(os.path.join(d, n), os.O_RDONLY)
        except OSError:
            continue
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)`;

/** Whether `root`'s files were dropped from the page cache (false: python3 missing or failed). */
function evictPageCache(root) {
  return spawnSync('python3', ['-c', EVICT, root], { stdio: 'ignore' }).status === 0;
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
  // The floor and its first build, each from a cold page cache where it can be emptied.
  const cold = (label, mode, path) => {
    const pageCache = evictPageCache(root) ? 'evicted' : 'as found';
    return { ...open(label, mode, path), page_cache: pageCache };
  };
  const read = cold('every file a first build reads, read and parsed once (one thread)', 'read');
  const build = cold('sqlite index, first build', 'build', file);
  // The floor reads its own list of files; a ratio over two different sets would mislead.
  if (read.files !== build.files) {
    throw new Error(`the read floor read ${read.files} files, the first build ${build.files}`);
  }
  const starts = [
    open('projection, first start (nothing saved)', 'projection'),
    open('projection, first start (projection saved)', 'projection', projection),
    open('projection, restart (projection read)', 'projection', projection),
    read,
    {
      ...build,
      read_ms: read.read_ms,
      build_to_read: Number((build.build_ms / read.read_ms).toFixed(2)),
      catalog_share: Number((build.catalog_ms / build.build_ms).toFixed(2)),
    },
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
