// `pnpm bench --only=corpus-index`: the SQLite corpus index (issue 45, stage 1)
// against today's projection in the same run: open to first answer, the
// index's first build, and the p99 of the catalog queries. Each measurement
// runs in a child process of its own, so each starts from a clean heap.
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { resolve } from 'node:path';

function child(here, script, args) {
  const json = execFileSync(process.execPath, [resolve(here, script), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(json);
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
  const queries = child(here, 'corpus-index-queries.mjs', [root, file, String(rounds)]);
  return { starts, queries };
}

/** A Markdown table with padded columns, as the repository's formatter (biome) lays them out. */
function markdownTable(rows) {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = [keys, ...rows.map((row) => keys.map((key) => String(row[key] ?? '')))];
  const widths = keys.map((_, i) => Math.max(3, ...cells.map((line) => line[i].length)));
  const line = (values) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Writes the run's tables to bench/results/corpus-index.md, dated. */
export async function writeCorpusIndexResults(here, episodes, { starts, queries }) {
  const dir = resolve(here, 'results');
  await mkdir(dir, { recursive: true });
  const text = [
    `# Corpus index bench (${episodes} episodes)`,
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.`,
    '`pnpm bench --only=corpus-index`; each row is a child process of its own.',
    '',
    '## Process start to the first answer (the newest 50 catalog cards)',
    '',
    markdownTable(starts),
    '',
    '## Catalog queries, interleaved call by call (function level, no HTTP)',
    '',
    markdownTable(queries),
    '',
  ].join('\n');
  await writeFile(resolve(dir, 'corpus-index.md'), text);
}
