import { CorpusPathQuery, Problem, RestoreResponse, TrashIdParams } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { restoreFlow } from './rollback-flow.js';

export const restoreCorpusTrash = defineRoute({
  method: 'post',
  path: '/api/corpus/trash/{trash_id}/restore',
  summary: 'Undo a rollback: move a trash entry back',
  description:
    'Moves every path of the entry back where it was; a path whose place is taken again ' +
    'stays in the trash and is listed in `conflicts`. An emptied entry is removed. Then the ' +
    'manifest cost is re-aggregated, the catalog refreshed and the index rebuilt as after a ' +
    'rollback. 404 unknown entry; 409 while the rebuild gate is taken. Needs the operator token.',
  tags: ['rollback'],
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
