import { QueryBoolean } from './query.js';
import { CorpusPath, CorpusRootPath, Count } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Run and episode rollback to the trash, and restore from it (spec 01
 * corpus routes; spec 04 §1 and §8). Choices the spec leaves open are in
 * docs/decisions/graph-queries.md ("Rollback").
 */

export const RunIdParams = z.object({
  run_id: z
    .string()
    .min(1)
    .max(200)
    .regex(
      /^[A-Za-z0-9._-]+$/,
      'expected letters, digits, ".", "_" or "-" (the run folder without run_)',
    )
    .openapi({ example: '20261115-084842_fb801546' }),
});

export const EpisodeIdParams = z.object({
  episode_id: z.string().trim().min(1).max(500).openapi({
    description: "The episode's episode_id (URL-encoded)",
    example: 'sha256:136226bf19de62c42d45c60aff2727c53cf260106a58823f5387354384fe756c',
  }),
});

export const TrashIdParams = z.object({
  trash_id: z
    .string()
    .regex(/^\d{8}T\d{6}Z(?:-\d{1,4})?$/, 'expected a trash entry id like 20261125T093000Z')
    .openapi({ example: '20261125T093000Z' }),
});

export const RollbackQuery = z.object({
  path: CorpusPath.optional(),
  confirm: z.string().max(500).optional().openapi({
    description: 'Must equal the id in the path; not needed for a dry run',
  }),
  dry_run: QueryBoolean.default(false).openapi({
    description: 'List what would move, move nothing',
  }),
});

export const RollbackEpisode = z
  .object({
    episode_id: z.string().nullable(),
    slug: z.string(),
    title: z.string(),
    metadata_relpath: z.string(),
  })
  .openapi('RollbackEpisode');

const ScopeIds = {
  scope: z.enum(['run', 'episode']),
  run_id: z.string().optional(),
  episode_id: z.string().optional(),
};

export const RollbackDryRun = z
  .object({
    dry_run: z.literal(true),
    ...ScopeIds,
    would_remove: z
      .array(z.string())
      .openapi({ description: 'Root-relative files that would move' }),
    episodes: z.array(RollbackEpisode),
  })
  .openapi('RollbackDryRun');

export const IndexRebuildNote = z
  .object({
    status: z.enum(['in_progress', 'not_indexed']).openapi({
      description: 'not_indexed: the corpus had no index, so none is built',
    }),
    poll: z.string().nullable(),
  })
  .openapi('IndexRebuildNote');

export const RollbackAccepted = z
  .object({
    dry_run: z.literal(false),
    ...ScopeIds,
    path: CorpusRootPath,
    trash_id: z.string().openapi({ description: 'The entry under .trash/ that holds the files' }),
    removed: z.array(z.string()).openapi({ description: 'Root-relative paths moved to the trash' }),
    episodes_dropped: Count,
    catalog_episode_count: Count,
    cost_rollup_total_usd: z.number().nullable().openapi({
      description: "The manifest's cost total after re-aggregation; null without a manifest",
    }),
    rebuild: IndexRebuildNote,
  })
  .openapi('RollbackAccepted');

export const TrashEntryItem = z
  .object({
    id: z.string(),
    scope: z.enum(['run', 'episode']),
    target_id: z.string(),
    created_at: z.string(),
    moves: Count,
    in_trash: Count.openapi({ description: 'Moved paths still in the trash' }),
    episodes: z.array(RollbackEpisode),
  })
  .openapi('TrashEntry');

export const TrashList = z
  .object({ path: CorpusRootPath, items: z.array(TrashEntryItem) })
  .openapi('TrashList', { description: 'Newest first' });

export const RestoreResponse = z
  .object({
    path: CorpusRootPath,
    trash_id: z.string(),
    restored: z.array(z.string()),
    conflicts: z.array(z.string()).openapi({
      description: 'Paths whose place is taken again: left in the trash entry',
    }),
    emptied: z.boolean().openapi({ description: 'The entry was emptied and removed' }),
    catalog_episode_count: Count,
    cost_rollup_total_usd: z.number().nullable(),
    rebuild: IndexRebuildNote,
  })
  .openapi('RestoreResponse');
