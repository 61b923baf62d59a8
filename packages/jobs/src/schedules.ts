import { ScheduledJob, type ScheduledJobKind } from '@podcast/contracts';
import { CronExpressionParser } from 'cron-parser';

/** One row of GET /api/scheduled-jobs: the entry as written, when it fires next, or why never. */
export interface ScheduleRow {
  name: string;
  cron: string;
  enabled: boolean;
  kind?: ScheduledJobKind;
  next_run_at: string | null;
  reason: string | null;
}

/** The kinds this scheduler turns into jobs, and the job each becomes. */
export const SCHEDULED_COMMANDS = {
  pipeline: 'pipeline',
  enrichment: 'corpus_enrichment',
} as const;

/** A schedule that cannot fire within this many years is refused as never firing. */
const HORIZON_YEARS = 10;

/** Jenkins' `H` (a hashed value): cron-parser picks a random one, so next_run_at would wander. */
const HASHED_ITEM = /(^|,)H($|[/(,])/;

export function nextRunAt(cron: string, now: Date): string {
  const horizon = new Date(now);
  horizon.setUTCFullYear(horizon.getUTCFullYear() + HORIZON_YEARS);
  const runs = CronExpressionParser.parse(cron, { currentDate: now, endDate: horizon, tz: 'UTC' });
  try {
    return runs.next().toISOString() ?? '';
  } catch (err) {
    if (/out of the timespan range/i.test((err as Error).message)) {
      throw new Error(`it never fires in the next ${HORIZON_YEARS} years`);
    }
    throw err;
  }
}

/**
 * Why `expression` is not a schedule this scheduler can run, or undefined:
 * the one check behind both PUT /api/operator-config (400) and GET
 * /api/scheduled-jobs (`invalid cron`). Five fields, or six with seconds
 * first, or one of cron-parser's `@` macros (cron-parser alone would take
 * an empty or four-field expression), and at least one run in the next ten
 * years, so `0 0 30 2 *` is refused rather than stored.
 */
export function cronProblem(expression: string, now: Date): string | undefined {
  const fields = expression
    .trim()
    .split(/\s+/)
    .filter((field) => field !== '');
  if (!expression.trim().startsWith('@') && fields.length !== 5 && fields.length !== 6) {
    return `expected 5 fields (or 6 with seconds), got ${fields.length}`;
  }
  if (fields.some((field) => HASHED_ITEM.test(field))) {
    return 'H (a hashed value) is not supported; give the minute or hour';
  }
  try {
    nextRunAt(expression, now);
    return undefined;
  } catch (err) {
    return (err as Error).message.split('\n')[0];
  }
}

/**
 * Every entry of a scheduled_jobs block (as written, a hand-edited file may
 * hold anything) as a row: next_run_at in UTC, or null with the reason when
 * the entry is disabled, malformed, has an invalid cron or a kind this
 * scheduler does not run. One bad entry never hides the others.
 */
export function scheduleRows(raw: unknown, now: Date): ScheduleRow[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  const seen = new Set<string>();
  return raw.map((entry, index) => {
    const parsed = ScheduledJob.safeParse(entry);
    if (!parsed.success) {
      const given = (entry as { name?: unknown; cron?: unknown } | null) ?? {};
      const issue = parsed.error.issues[0];
      return {
        name:
          typeof given.name === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(given.name)
            ? given.name
            : `entry-${index + 1}`,
        cron: typeof given.cron === 'string' ? given.cron.slice(0, 200) : '',
        enabled: false,
        next_run_at: null,
        reason: `invalid entry: ${[...(issue?.path ?? []).map(String), issue?.message].join(': ')}`,
      };
    }
    const job = parsed.data;
    const row = {
      name: job.name,
      cron: job.cron,
      enabled: job.enabled,
      ...(job.kind ? { kind: job.kind } : {}),
    };
    const duplicate = seen.has(job.name);
    seen.add(job.name);
    if (duplicate) {
      return { ...row, next_run_at: null, reason: 'duplicate name: only the first entry runs' };
    }
    if (!job.enabled) {
      return { ...row, next_run_at: null, reason: 'disabled' };
    }
    if (!((job.kind ?? 'pipeline') in SCHEDULED_COMMANDS)) {
      return {
        ...row,
        next_run_at: null,
        reason: `kind ${job.kind} is not run by the jobs scheduler`,
      };
    }
    const problem = cronProblem(job.cron, now);
    return problem === undefined
      ? { ...row, next_run_at: nextRunAt(job.cron, now), reason: null }
      : { ...row, next_run_at: null, reason: `invalid cron: ${problem}` };
  });
}
