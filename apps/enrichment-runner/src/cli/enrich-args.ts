import { parseArgs } from 'node:util';
import { EnricherId, EvaluationRecordRequest } from '@podcast/contracts';

/**
 * The `enrich` options of spec 03, plus --job-id (set by the runner),
 * --eval-root, and --record-eval with its figures (records an accuracy
 * evaluation instead of running).
 */
export interface EnrichArgs {
  outputDir: string;
  profile?: string;
  only?: string[];
  skip?: string[];
  noEnrichers: boolean;
  optIn?: string[];
  withMl: boolean;
  corpusOnly: boolean;
  reEnable?: string;
  reEnableReason?: string;
  config?: string;
  logLevel: string;
  jobId?: string;
  evalRoot?: string;
  recordEval?: EvaluationRecordRequest;
}

export class UsageError extends Error {}

/** The options of --record-eval, by the field of EvaluationRecordRequest each fills. */
const EVAL_OPTIONS = {
  enricher_id: 'record-eval',
  precision: 'precision',
  recall: 'recall',
  sample_size: 'sample-size',
  evaluated_at: 'evaluated-at',
  provider_type: 'provider-type',
} as const;

const NUMERIC = new Set(['precision', 'recall', 'sample_size']);

/** --record-eval and its figures, checked by the same schema as POST /api/enrichment/evaluations. */
function evaluationOf(values: Record<string, string | boolean | undefined>) {
  const given = Object.entries(EVAL_OPTIONS).filter(([, option]) => values[option] !== undefined);
  if (given.length === 0) {
    return undefined;
  }
  if (values['record-eval'] === undefined) {
    throw new UsageError(`--${given[0]?.[1]} needs --record-eval <enricher_id>`);
  }
  const body = Object.fromEntries(
    given.map(([field, option]) => {
      const text = String(values[option]);
      const number = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      return [field, NUMERIC.has(field) ? number : text];
    }),
  );
  const parsed = EvaluationRecordRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const option = EVAL_OPTIONS[issue?.path[0] as keyof typeof EVAL_OPTIONS] ?? 'record-eval';
    throw new UsageError(`--${option}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function idList(value: string | undefined, option: string): string[] | undefined {
  if (value === undefined) {
    return undefined;
  }
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  for (const id of ids) {
    if (!EnricherId.safeParse(id).success) {
      throw new UsageError(
        `${option}: ${JSON.stringify(id)} is not an enricher id (letters, digits and _)`,
      );
    }
  }
  return ids;
}

export function parseEnrichArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): EnrichArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values;
  const outputDir = v['output-dir'] ?? env.CORPUS_DIR;
  if (outputDir === undefined || outputDir === '') {
    throw new UsageError('--output-dir <corpus> is required (or CORPUS_DIR)');
  }
  const logLevel = v['log-level'] ?? 'info';
  if (!LEVELS.includes(logLevel)) {
    throw new UsageError(`--log-level: expected one of ${LEVELS.join(', ')}`);
  }
  if (v.enrichers !== undefined && v.only !== undefined) {
    throw new UsageError('--enrichers is an alias of --only: give one of them');
  }
  if (v['re-enable-reason'] !== undefined && v['re-enable'] === undefined) {
    throw new UsageError('--re-enable-reason needs --re-enable <id>');
  }
  const args: EnrichArgs = {
    outputDir,
    noEnrichers: v['no-enrichers'] ?? false,
    withMl: v['with-ml'] ?? false,
    corpusOnly: v['corpus-only'] ?? false,
    logLevel,
  };
  const only = idList(v.only ?? v.enrichers, v.only === undefined ? '--enrichers' : '--only');
  const skip = idList(v.skip, '--skip');
  const optIn = idList(v['opt-in'], '--opt-in');
  const reEnable = idList(v['re-enable'], '--re-enable');
  if (reEnable !== undefined && reEnable.length !== 1) {
    throw new UsageError('--re-enable takes exactly one enricher id');
  }
  const recordEval = evaluationOf(v);
  return {
    ...args,
    ...(recordEval === undefined ? {} : { recordEval }),
    ...(v.profile === undefined ? {} : { profile: v.profile }),
    ...(only === undefined ? {} : { only }),
    ...(skip === undefined ? {} : { skip }),
    ...(optIn === undefined ? {} : { optIn }),
    ...(reEnable === undefined ? {} : { reEnable: reEnable[0] as string }),
    ...(v['re-enable-reason'] === undefined ? {} : { reEnableReason: v['re-enable-reason'] }),
    ...(v.config === undefined ? {} : { config: v.config }),
    ...(v['job-id'] === undefined ? {} : { jobId: v['job-id'] }),
    ...(v['eval-root'] === undefined ? {} : { evalRoot: v['eval-root'] }),
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      'output-dir': { type: 'string' },
      profile: { type: 'string' },
      enrichers: { type: 'string' },
      only: { type: 'string' },
      skip: { type: 'string' },
      'no-enrichers': { type: 'boolean' },
      'opt-in': { type: 'string' },
      'with-ml': { type: 'boolean' },
      'corpus-only': { type: 'boolean' },
      're-enable': { type: 'string' },
      're-enable-reason': { type: 'string' },
      config: { type: 'string' },
      'log-level': { type: 'string' },
      'job-id': { type: 'string' },
      'eval-root': { type: 'string' },
      'record-eval': { type: 'string' },
      precision: { type: 'string' },
      recall: { type: 'string' },
      'sample-size': { type: 'string' },
      'evaluated-at': { type: 'string' },
      'provider-type': { type: 'string' },
    },
  });
}
