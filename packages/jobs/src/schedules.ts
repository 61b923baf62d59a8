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

export function nextRunAt(cron: string, now: Date): string {
  return (
    CronExpressionParser.parse(cron, { currentDate: now, tz: 'UTC' }).next().toISOString() ?? ''
  );
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
    try {
      return { ...row, next_run_at: nextRunAt(job.cron, now), reason: null };
    } catch (err) {
      return { ...row, next_run_at: null, reason: `invalid cron: ${(err as Error).message}` };
    }
  });
}
