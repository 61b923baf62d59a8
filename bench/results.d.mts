export interface BenchRow {
  label: string;
  target?: string;
  meets_target?: boolean;
  [measure: string]: unknown;
}
export interface BenchRun {
  /** The command that recorded the run: `bench` (the default), `chaos` or `chaos-soak`. */
  suite?: string;
  date: string;
  commit: string;
  flags: string[];
  node: string;
  cpus: number;
  loadavg: string;
  tables: { title: string; rows: BenchRow[] }[];
  /** Where a run recorded before results.mjs came from, when it was converted. */
  note?: string;
  file?: string;
}
export function headlineOf(row: BenchRow): [string | undefined, number | undefined];
export function valueCell(row: BenchRow): string;
export function runMarkdown(run: BenchRun): string;
export function resultsMarkdown(runs: BenchRun[]): string;
export function writeRunResults(benchDir: string, run: BenchRun): string;
export function readRuns(dir: string): BenchRun[];
export function startRun(options: { repo: string; suite?: string; flags: string[] }): BenchRun;
