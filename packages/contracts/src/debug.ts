import { z } from './zod.js';

/** One corpus root held by a server's registry: its size and how it notices changes. */
export const CorpusRootStatus = z
  .object({
    root: z.string(),
    episodes: z.number().int(),
    watching: z
      .boolean()
      .describe('True while a directory watcher reports changes (no walk between rescans)'),
    watched_dirs: z.number().int(),
    syncs: z.number().int().describe('Syncs since the root was loaded (load, events, rescans)'),
    dirs_statted: z.number().int().describe('Directories statted by those syncs, in total'),
    last_full_scan_at: z.string().nullable(),
    derived_values: z
      .number()
      .int()
      .describe('Lists, indexes and rows derived from the current snapshot so far'),
    pooled_strings: z
      .number()
      .int()
      .describe(
        'Distinct short strings (ids, names, labels, paths), lists and small objects (topics, ' +
          'persons, identities) in the loader pool: ' +
          'it shares them across the files of a load and is emptied when the first load ends, ' +
          'so afterwards it holds what changed files brought; 0 for a folder view',
      ),
    packed_artifacts: z
      .number()
      .int()
      .describe(
        'GI, KG and bridge files a restart took from the persisted projection as stored bytes ' +
          'and has not built yet: each is built the first time a route reads it and then kept; 0 for a folder view',
      ),
    packed_bytes: z
      .number()
      .int()
      .describe('The stored bytes those files hold, outside the JS heap'),
    layers_loading: z
      .boolean()
      .describe(
        'True while a first load reads the GI, KG and bridge files after its episodes are served: ' +
          'routes that need them answer 503 with Retry-After until it ends',
      ),
    view_of: z
      .string()
      .nullable()
      .describe(
        'For a folder inside a configured root: that root, whose snapshot this folder filters ' +
          '(no second projection); null for a loaded root',
      ),
  })
  .openapi('CorpusRootStatus');

/** One cache of parsed corpus side files: its size against its bounds. */
export const CorpusCacheStatus = z
  .object({
    name: z.string(),
    entries: z.number().int(),
    bytes: z.number().int().describe("Sum of the cached files' sizes on disk"),
    max_entries: z.number().int(),
    max_bytes: z.number().int().describe('0: bounded by entries only'),
    hits: z.number().int(),
    misses: z.number().int(),
  })
  .openapi('CorpusCacheStatus');

/** The persisted corpus projection (CORPUS_CACHE_DIR) and what it has done since start. */
export const CorpusProjectionStatus = z
  .object({
    dir: z.string(),
    hits: z.number().int().describe('First loads that started from a stored projection'),
    misses: z
      .number()
      .int()
      .describe('First loads that found none usable (absent, stale or corrupt)'),
    saves: z.number().int(),
    last_save_bytes: z.number().int().nullable(),
    last_save_ms: z.number().int().nullable(),
    last_error: z.string().nullable().describe('Why the last save failed; null after a good one'),
  })
  .openapi('CorpusProjectionStatus');
export type CorpusProjectionStatus = z.infer<typeof CorpusProjectionStatus>;

export const CorpusDebugResponse = z
  .object({
    process: z.object({
      cpu_user_us: z.number().describe('process.cpuUsage().user since start, microseconds'),
      cpu_system_us: z.number(),
      rss_bytes: z.number(),
      uptime_s: z.number(),
    }),
    roots: z.array(CorpusRootStatus),
    caches: z.array(CorpusCacheStatus),
    projection: CorpusProjectionStatus.nullable().describe('null when CORPUS_CACHE_DIR is off'),
  })
  .openapi('CorpusDebugResponse');
