import {
  CorpusPathQuery,
  EpisodeIdParams,
  Problem,
  RestoreResponse,
  RollbackAccepted,
  RollbackDryRun,
  RollbackQuery,
  RunIdParams,
  TrashIdParams,
  TrashList,
} from '@podcast/contracts';
import { listTrash, planEpisodeRollback, planRunRollback } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';
import { restoreFlow, rollbackFlow } from './rollback-flow.js';

const TAGS = ['rollback'];
const RESPONSES = {
  200: RollbackDryRun,
  202: RollbackAccepted,
  404: Problem.describe('No such run or episode in this corpus'),
  409: Problem.describe('An index rebuild, a topic clustering or another rollback is running'),
};
const FLOW_NOTE =
  'Nothing is deleted: the files move to `.trash/<YYYYMMDDTHHMMSSZ>/` with their relative paths, ' +
  'after a journal (`rollback.json`) is written there, so an interrupted rollback leaves each ' +
  'file in place or in the trash. Then the manifest cost is re-aggregated from the remaining ' +
  'run records, the catalog is refreshed and, when the corpus has an index, an incremental ' +
  'rebuild starts (202; poll /api/index/stats). `confirm` must equal the id (400 otherwise), ' +
  'unless `dry_run=true`, which answers 200 with what would move. 409 while an index ' +
  'rebuild, a topic clustering or another rollback of this corpus runs. Undo with POST ' +
  '/api/corpus/trash/{trash_id}/restore. Needs the operator token.';

export const deleteCorpusRun = defineRoute({
  method: 'delete',
  path: '/api/corpus/runs/{run_id}',
  summary: "Roll a run back: move its folder to the corpus's trash",
  description: `run_id is the run folder's name without \`run_\` (spec 04 §8); every feeds/<feed>/run_<run_id> folder moves as a whole. ${FLOW_NOTE}`,
  tags: TAGS,
  auth: 'operator',
  params: RunIdParams,
  query: RollbackQuery,
  responses: RESPONSES,
  handler: ({ params, query, ctx }) =>
    rollbackFlow(ctx, { scope: 'run', id: params.run_id, query, plan: planRunRollback }),
});

export const deleteCorpusEpisode = defineRoute({
  method: 'delete',
  path: '/api/corpus/episodes/{episode_id}',
  summary: "Roll an episode back: move all its files to the corpus's trash",
  description: `Every file of the catalog episode (metadata, GI, KG, bridge, enrichments, transcripts, media), in every run that holds a copy of it, so an older copy cannot take its place. ${FLOW_NOTE}`,
  tags: TAGS,
  auth: 'operator',
  params: EpisodeIdParams,
  query: RollbackQuery,
  responses: RESPONSES,
  handler: ({ params, query, ctx }) =>
    rollbackFlow(ctx, {
      scope: 'episode',
      id: params.episode_id,
      query,
      plan: planEpisodeRollback,
    }),
});

export const listCorpusTrash = defineRoute({
  method: 'get',
  path: '/api/corpus/trash',
  summary: "The corpus's rollback trash entries",
  description: 'Entries with a readable journal, newest first. Needs the operator token.',
  tags: TAGS,
  auth: 'operator',
  query: CorpusPathQuery,
  responses: { 200: TrashList },
  handler: async ({ query, ctx }) => {
    const root = (await corpusSnapshotFor(ctx, query.path)).root;
    return { path: root, items: await listTrash(root) };
  },
});

export const restoreCorpusTrash = defineRoute({
  method: 'post',
  path: '/api/corpus/trash/{trash_id}/restore',
  summary: 'Undo a rollback: move a trash entry back',
  description:
    'Moves every path of the entry back where it was; a path whose place is taken again ' +
    'stays in the trash and is listed in `conflicts`. An emptied entry is removed. Then the ' +
    'manifest cost is re-aggregated, the catalog refreshed and the index rebuilt as after a ' +
    'rollback. 404 unknown entry; 409 while the rebuild gate is taken. Needs the operator token.',
  tags: TAGS,
  auth: 'operator',
  params: TrashIdParams,
  query: CorpusPathQuery,
  responses: {
    200: RestoreResponse,
    404: Problem.describe('No such trash entry'),
    409: Problem.describe('An index rebuild, a topic clustering or another rollback is running'),
  },
  handler: ({ params, query, ctx }) => restoreFlow(ctx, params.trash_id, query.path),
});

export const rollbackRoutes = [
  deleteCorpusRun,
  deleteCorpusEpisode,
  listCorpusTrash,
  restoreCorpusTrash,
];
