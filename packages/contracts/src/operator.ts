import { IsoDate } from './query.js';
import { IsoDateTime } from './wire-formats.js';
import { z } from './zod.js';

/** Operator and viewer shapes of spec 01: artifact listing, schedules, health. */

export const ArtifactKind = z.enum(['gi', 'kg', 'bridge']).openapi('ArtifactKind');
export type ArtifactKind = z.infer<typeof ArtifactKind>;

export const ArtifactListItem = z
  .object({
    relative_path: z
      .string()
      .min(1)
      .openapi({ example: 'feeds/p01/run_20260101_000000/metadata/p01_e01.gi.json' }),
    kind: ArtifactKind,
    mtime_utc: IsoDateTime,
    publish_date: IsoDate.openapi({
      description: 'From episode metadata when present, else the UTC day the file was modified',
    }),
  })
  .openapi('ArtifactListItem');
export type ArtifactListItem = z.infer<typeof ArtifactListItem>;

export const ArtifactList = z
  .object({
    path: z.string().min(1).openapi({ description: 'The corpus root that was listed' }),
    items: z.array(ArtifactListItem),
  })
  .openapi('ArtifactList');
export type ArtifactList = z.infer<typeof ArtifactList>;

export const ScheduledJobKind = z
  .enum(['pipeline', 'enrichment', 'digest'])
  .openapi('ScheduledJobKind');
export type ScheduledJobKind = z.infer<typeof ScheduledJobKind>;

export const ScheduledJobRow = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -, at most 64'),
    cron: z.string().openapi({ example: '0 6 * * *' }),
    enabled: z.boolean(),
    kind: ScheduledJobKind.optional(),
    next_run_at: IsoDateTime.nullable().openapi({
      description: 'Null when disabled or the cron is invalid',
    }),
    reason: z.string().nullable().openapi({
      description: 'Why next_run_at is null (disabled, invalid entry, invalid cron, kind not run)',
    }),
  })
  .openapi('ScheduledJobRow');

export const ScheduledJobsResponse = z
  .object({ path: z.string(), scheduled_jobs: z.array(ScheduledJobRow) })
  .openapi('ScheduledJobsResponse');
export type ScheduledJobRow = z.infer<typeof ScheduledJobRow>;

const Flag = (description: string) => z.boolean().optional().openapi({ description });

/** This process's side of the shared corpus index (CORPUS_INDEX or CORPUS_INDEX_URL). */
export const CorpusIndexHealth = z
  .object({
    ingester: z.boolean().openapi({
      description: 'This process holds the ingest lock and writes the index',
    }),
    failures: z.number().int().openapi({
      description: 'Failed index writes in a row; the last committed index is served meanwhile',
    }),
    last_error: z.string().nullable().openapi({
      description:
        'Why the last index write failed (a full disk, a lost connection); null after a good one',
    }),
  })
  .openapi('CorpusIndexHealth');

// Every flag is optional: each app reports only the capabilities it knows.
// Clients treat a missing flag as "not available".
export const HealthResponse = z
  .object({
    status: z.literal('ok'),
    version: z.string().optional(),
    artifacts_api: Flag('GET /api/artifacts is mounted'),
    search_api: Flag('GET /api/search is mounted'),
    explore_api: Flag('GET /api/explore is mounted'),
    index_routes_api: Flag('/api/index/* is mounted'),
    corpus_metrics_api: Flag('Corpus statistics routes are mounted'),
    cil_queries_api: Flag('Graph-query (CIL) routes are mounted'),
    corpus_library_api: Flag('/api/corpus/episodes and friends are mounted'),
    corpus_digest_api: Flag('GET /api/corpus/digest is mounted'),
    corpus_binary_api: Flag('Binary and media routes are mounted'),
    feeds_api: Flag('/api/feeds is mounted'),
    operator_config_api: Flag('/api/operator-config is mounted'),
    jobs_api: Flag('/api/jobs (and enrichment routes) are mounted'),
    corpus_index: CorpusIndexHealth.optional().openapi({
      description: 'Present when the corpus index is on',
    }),
  })
  .openapi('HealthResponse', { description: 'Liveness plus capability flags' });
export type HealthResponse = z.infer<typeof HealthResponse>;
