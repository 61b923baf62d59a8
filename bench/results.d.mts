export interface BenchRow {
  label: string;
  target?: string;
  meets_target?: boolean;
  [measure: string]: unknown;
}
export interface BenchRun {
  date: string;
  commit: string;
  flags: string[];
  node: string;
  cpus: number;
  loadavg: string;
  tables: { title: string; rows: BenchRow[] }[];
  file?: string;
}
export function headlineOf(row: BenchRow): [string | undefined, number | undefined];
export function valueCell(row: BenchRow): string;
export function runMarkdown(run: BenchRun): string;
export function resultsMarkdown(runs: BenchRun[]): string;
export function writeRunResults(benchDir: string, run: BenchRun): string;
export function startRun(options: {
  repo: string;
  flags: string[];
  node: string;
  cpus: number;
  loadavg: string;
}): BenchRun;
