/** What one chaos scenario reports: one line of `pnpm chaos`, one assertion in jest. */
export interface ScenarioResult {
  name: string;
  ok: boolean;
  /** Measured figures (counts, milliseconds) printed beside the verdict. */
  figures: Record<string, number | string>;
  /** Each broken guarantee, in words; empty when ok. */
  failures: string[];
  durationMs: number;
}

/** Collects figures and broken guarantees while a scenario runs. */
export class ScenarioReport {
  readonly figures: Record<string, number | string> = {};
  readonly failures: string[] = [];
  private readonly startedAt = Date.now();

  constructor(readonly name: string) {}

  /** Records a guarantee: `failure` is kept when `holds` is false. */
  check(holds: boolean, failure: string): void {
    if (!holds) {
      this.failures.push(failure);
    }
  }

  figure(name: string, value: number | string): void {
    this.figures[name] = value;
  }

  result(): ScenarioResult {
    return {
      name: this.name,
      ok: this.failures.length === 0,
      figures: this.figures,
      failures: this.failures,
      durationMs: Date.now() - this.startedAt,
    };
  }
}

/** Runs `body` with a report; a thrown error becomes a failure, `cleanup` always runs. */
export async function runScenario(
  name: string,
  body: (report: ScenarioReport) => Promise<void>,
): Promise<ScenarioResult> {
  const report = new ScenarioReport(name);
  try {
    await body(report);
  } catch (err) {
    report.failures.push(`threw: ${err instanceof Error ? err.message : String(err)}`);
  }
  return report.result();
}

/** One line of `pnpm chaos`: verdict, name, figures, then the broken guarantees. */
export function formatResult(result: ScenarioResult): string {
  const figures = Object.entries(result.figures)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  const head = `${result.ok ? 'PASS' : 'FAIL'} ${result.name} (${(result.durationMs / 1000).toFixed(1)} s) ${figures}`;
  return result.ok ? head : `${head}\n  - ${result.failures.join('\n  - ')}`;
}
