import { EnricherId } from './enrichment-config.js';
import { QueryBoolean, queryInt } from './query.js';
import { CorpusPath, IsoDateTime } from './wire-formats.js';
import { z } from './zod.js';

/**
 * The job catalog (spec 01 /api/jobs*, spec 03 POST /api/jobs/enrichment):
 * what each kind of job carries, how often the queue tries it and how the
 * registry reports it. Status values and transitions, which the spec leaves
 * open, are in docs/decisions/jobs.md.
 */

export const JobCommandType = z
  .enum(['pipeline', 'corpus_enrichment'])
  .openapi('JobCommandType', { description: 'corpus_enrichment for enrichment runs' });
export type JobCommandType = z.infer<typeof JobCommandType>;

export const JobStatus = z
  .enum(['queued', 'running', 'succeeded', 'failed', 'cancelled'])
  .openapi('JobStatus');
export type JobStatus = z.infer<typeof JobStatus>;

export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

export const EpisodeOrder = z.enum(['newest', 'oldest']);

const FeedParameter = z
  .string()
  .min(1)
  .max(2048)
  .openapi({
    description:
      'An RSS URL or a feed-workspace directory slug (rss_<host>_<8 hex>), resolved through ' +
      'the feeds spec; omit for a full batch over every feed of the spec',
  });

/** The parameters of POST /api/jobs that only make sense for one feed. */
export const PER_FEED_JOB_PARAMETERS = [
  'append',
  'max_episodes',
  'episode_offset',
  'episode_order',
] as const;

/**
 * The JSON body of POST /api/jobs. The same parameters may travel in the
 * query (PipelineJobQuery); every per-feed parameter needs `feed` in either.
 */
export const PipelineJobRequest = z
  .strictObject({
    feed: FeedParameter.optional(),
    skip_existing: z.boolean().optional().describe('Skip episodes already in the corpus'),
    append: z.boolean().optional().describe('Resume into a stable run_append_* directory'),
    max_episodes: z.number().int().min(1).max(1_000_000).optional(),
    episode_offset: z.number().int().min(0).max(1_000_000).optional(),
    episode_order: EpisodeOrder.optional(),
  })
  .openapi('PipelineJobRequest');
export type PipelineJobRequest = z.infer<typeof PipelineJobRequest>;

/**
 * The query of POST /api/jobs: `path` and the body's parameters as query
 * strings, which the reference's clients send. Unknown keys are a 400, so a
 * misspelt `feed` never turns the job into a full batch.
 */
export const PipelineJobQuery = z.strictObject({
  path: CorpusPath.optional(),
  feed: FeedParameter.optional(),
  skip_existing: QueryBoolean.optional(),
  append: QueryBoolean.optional(),
  max_episodes: queryInt(1, 1_000_000).optional(),
  episode_offset: queryInt(0, 1_000_000).optional(),
  episode_order: EpisodeOrder.optional(),
});

const EnricherIdList = z.array(EnricherId).max(100);

export const EnrichmentJobRequest = z
  .strictObject({
    only: EnricherIdList.optional().describe('Run only these enrichers'),
    skip: EnricherIdList.optional().describe('Leave these enrichers out'),
    corpus_only: z.boolean().optional().describe('Skip episode-scope enrichers'),
  })
  .openapi('EnrichmentJobRequest');
export type EnrichmentJobRequest = z.infer<typeof EnrichmentJobRequest>;

/** What a pipeline job hands its command (the feed already resolved to a URL). */
export const PipelineJobParams = z.object({
  feed_url: z.string().nullable(),
  skip_existing: z.boolean(),
  append: z.boolean(),
  max_episodes: z.number().int().nullable(),
  episode_offset: z.number().int().nullable(),
  episode_order: EpisodeOrder.nullable(),
});
export type PipelineJobParams = z.infer<typeof PipelineJobParams>;

export const EnrichmentJobParams = z.object({
  only: z.array(z.string()),
  skip: z.array(z.string()),
  corpus_only: z.boolean(),
});
export type EnrichmentJobParams = z.infer<typeof EnrichmentJobParams>;

/**
 * The queue each kind travels on and how BullMQ treats it. Both kinds are
 * tried once: a job is a subprocess with side effects on the corpus, so a
 * retry is the operator's decision (the enrichers retry inside a run).
 */
export const JOB_CATALOG = {
  pipeline: { queue: 'pipeline', params: PipelineJobParams, attempts: 1 },
  corpus_enrichment: { queue: 'enrichment', params: EnrichmentJobParams, attempts: 1 },
} as const satisfies Record<JobCommandType, { queue: string; params: z.ZodType; attempts: number }>;

export const JobRecord = z
  .object({
    job_id: z.string(),
    command_type: JobCommandType,
    status: JobStatus,
    corpus_path: z.string(),
    params: z.record(z.string(), z.unknown()),
    created_at: IsoDateTime,
    started_at: IsoDateTime.nullable(),
    finished_at: IsoDateTime.nullable(),
    cancel_requested_at: IsoDateTime.nullable(),
    exit_code: z.number().int().nullable(),
    error: z.string().nullable().openapi({ description: 'Why the job failed or was cancelled' }),
    worker: z.string().nullable().openapi({ description: 'The runner that took the job' }),
    idempotency_key: z.string().nullable(),
  })
  .openapi('JobRecord');
export type JobRecord = z.infer<typeof JobRecord>;

export const JobAccepted = z
  .object({
    job_id: z.string(),
    status: JobStatus,
    corpus_path: z.string(),
    command_type: JobCommandType,
    deduplicated: z.boolean().openapi({
      description: 'True when an earlier request with the same Idempotency-Key made this job',
    }),
  })
  .openapi('JobAccepted');

export const JobListQuery = z.object({
  path: CorpusPath.optional(),
  command_type: JobCommandType.optional(),
  limit: queryInt(1, 1000).default(100),
});

export const JobListResponse = z
  .object({ path: z.string(), jobs: z.array(JobRecord), count: z.number().int() })
  .openapi('JobListResponse');

export const JobIdParams = z.object({
  job_id: z
    .string()
    .regex(/^job_[0-9a-z]{8,40}$/, 'expected a job id like job_m3k2p9x1a7c4')
    .openapi({ example: 'job_m3k2p9x1a7c4e2' }),
});

export const JobIdQuery = z.object({
  path: CorpusPath.optional(),
  job_id: JobIdParams.shape.job_id,
});

export const LOG_TAIL_DEFAULT_BYTES = 65_536;

export const LogTailQuery = z.object({
  path: CorpusPath.optional(),
  max_bytes: queryInt(1, 1_048_576).default(LOG_TAIL_DEFAULT_BYTES),
});

export const PipelineJobLogTailResponse = z
  .object({
    job_id: z.string(),
    status: JobStatus,
    text: z.string().openapi({ description: 'The last max_bytes of the log, cut at a line start' }),
    offset: z.number().int().openapi({ description: 'Byte offset of text in the whole log' }),
    size: z.number().int().openapi({ description: 'Bytes in the whole log now' }),
    truncated: z.boolean().openapi({ description: 'True when the log holds more than text' }),
    done: z.boolean().openapi({
      description: 'True once the job ended: polling again will not show more',
    }),
  })
  .openapi('PipelineJobLogTailResponse');

export const ReconcileResponse = z
  .object({
    path: z.string(),
    reconciled: z.array(
      z.object({
        job_id: z.string(),
        previous_status: JobStatus,
        status: JobStatus,
        reason: z.string(),
      }),
    ),
    checked: z.number().int(),
  })
  .openapi('JobReconcileResponse');

/** REDIS_PREFIX: the key prefix the viewer and the runner share on one Redis. */
export const RedisPrefix = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, "_", ".", ":" or "-", at most 64')
  .default('podcast:');
