import { DomainError, OperatorFileKeys, type ScheduledJob, type z } from '@podcast/contracts';
import { isMap } from 'yaml';
import { findForbiddenOperatorKeys, forbiddenKeysError } from './forbidden-keys.js';
import { parseBoundedYaml, yamlDataOf } from './yaml-data.js';

type FieldError = { field: string; message: string };

/** What an operator file is checked against beyond its own shape, given by the caller. */
export interface OperatorContentRules {
  /** The presets `profile` may name. */
  availableProfiles: readonly string[];
  /**
   * Why a scheduled_jobs cron cannot run, or undefined: the scheduler's own
   * check (packages/jobs `cronProblem`), so a PUT never stores a schedule
   * that GET /api/scheduled-jobs then reports as invalid.
   */
  cronProblem: (expression: string) => string | undefined;
}

export interface ValidOperatorContent {
  /** The file as data. */
  data: Record<string, unknown>;
  /** The parsed scheduled_jobs block (enabled defaulted), undefined when absent. */
  scheduledJobs: ScheduledJob[] | undefined;
}

/**
 * The mapping at the root of an operator file. Bad YAML or a root that is not
 * a mapping is a 422 (spec 04 §8); an empty or comment-only file reads as an
 * empty mapping, which is what a blank file means to the pipeline.
 */
export function parseOperatorYaml(text: string, field = 'content'): Record<string, unknown> {
  const parsed = parseBoundedYaml(text);
  if (!parsed.ok) {
    throw new DomainError('unprocessable', `${field}: refused YAML: ${parsed.reason}`, { field });
  }
  const doc = parsed.doc;
  const error = doc.errors[0];
  if (error) {
    const reason = error.message.split('\n')[0] ?? 'invalid YAML';
    throw new DomainError('unprocessable', `${field}: not valid YAML: ${reason}`, { field });
  }
  if (doc.contents === null) {
    return {};
  }
  if (!isMap(doc.contents)) {
    throw new DomainError('unprocessable', `${field}: the root must be a mapping of keys`, {
      field,
    });
  }
  const data = yamlDataOf(doc);
  if (!data.ok) {
    throw new DomainError('unprocessable', `${field}: refused YAML: ${data.reason}`, { field });
  }
  return data.value as Record<string, unknown>;
}

/** One error per field; an unknown key is reported at its own path, not at its parent. */
function fieldErrorsOf(issue: z.core.$ZodIssue, field: string): FieldError[] {
  const at = [field, ...issue.path.map(String)];
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ field: [...at, key].join('.'), message: 'unknown key' }));
  }
  return [{ field: at.join('.'), message: issue.message }];
}

function invalid(errors: FieldError[]): DomainError {
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new DomainError('invalid', `${first?.field}: ${first?.message}${more}`, { errors });
}

function jobProblems(
  jobs: readonly ScheduledJob[],
  cronProblem: OperatorContentRules['cronProblem'],
  field: string,
): FieldError[] {
  const seen = new Set<string>();
  return jobs.flatMap((job, i) => {
    const problems: FieldError[] = [];
    const cron = cronProblem(job.cron);
    if (cron) {
      problems.push({ field: `${field}.scheduled_jobs.${i}.cron`, message: cron });
    }
    if (seen.has(job.name)) {
      problems.push({ field: `${field}.scheduled_jobs.${i}.name`, message: 'duplicate name' });
    }
    seen.add(job.name);
    return problems;
  });
}

function profileProblems(
  profile: unknown,
  available: readonly string[],
  field: string,
): FieldError[] {
  if (profile === undefined || available.includes(String(profile))) {
    return [];
  }
  const names = available.length > 0 ? available.join(', ') : 'none are available';
  return [{ field: `${field}.profile`, message: `unknown profile (available: ${names})` }];
}

/**
 * Checks the text a caller wants stored as the operator file: YAML mapping
 * (422), no forbidden keys (400 naming them), and the blocks this server
 * reads well-formed (400 naming the field). Unknown pipeline keys pass.
 */
export function validateOperatorContent(
  text: string,
  rules: OperatorContentRules,
  field = 'content',
): ValidOperatorContent {
  const root = parseOperatorYaml(text, field);
  const forbidden = findForbiddenOperatorKeys(root);
  if (forbidden.length > 0) {
    throw forbiddenKeysError('invalid', forbidden);
  }
  const parsed = OperatorFileKeys.safeParse(root);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.flatMap((issue) => fieldErrorsOf(issue, field)));
  }
  const jobs = parsed.data.scheduled_jobs;
  const problems = [
    ...profileProblems(parsed.data.profile, rules.availableProfiles, field),
    ...jobProblems(jobs ?? [], rules.cronProblem, field),
  ];
  if (problems.length > 0) {
    throw invalid(problems);
  }
  return { data: root, scheduledJobs: jobs };
}

/**
 * The root mapping of YAML text as data; undefined when it does not parse,
 * is no mapping, or has a shape `yamlDataOf` refuses.
 */
export function yamlMappingOf(text: string): Record<string, unknown> | undefined {
  const parsed = parseBoundedYaml(text);
  if (!parsed.ok || parsed.doc.errors.length > 0 || !isMap(parsed.doc.contents)) {
    return undefined;
  }
  const data = yamlDataOf(parsed.doc);
  return data.ok ? (data.value as Record<string, unknown>) : undefined;
}

/** Why the stored text is refused as a whole (see `yamlDataOf`), or undefined. */
export function yamlRefusalOf(text: string): string | undefined {
  const parsed = parseBoundedYaml(text);
  if (!parsed.ok) {
    return parsed.reason;
  }
  if (parsed.doc.errors.length > 0 || !isMap(parsed.doc.contents)) {
    return undefined;
  }
  const data = yamlDataOf(parsed.doc);
  return data.ok ? undefined : data.reason;
}

/** The raw scheduled_jobs value of an operator file's text; undefined when unreadable or absent. */
export function scheduledJobsBlockOf(text: string | undefined): unknown {
  return text === undefined ? undefined : yamlMappingOf(text)?.scheduled_jobs;
}
