import { RollbackQuery, RunIdParams } from '@podcast/contracts';
import { planRunRollback } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { rollbackFlow } from './rollback-flow.js';
import { FLOW_NOTE, RESPONSES } from './rollback-shared.js';

export const deleteCorpusRun = defineRoute({
  method: 'delete',
  path: '/api/corpus/runs/{run_id}',
  summary: "Roll a run back: move its folder to the corpus's trash",
  description: `run_id is the run folder's name without \`run_\` (spec 04 §8); every feeds/<feed>/run_<run_id> folder moves as a whole. ${FLOW_NOTE}`,
  tags: ['rollback'],
  auth: 'operator',
  params: RunIdParams,
  query: RollbackQuery,
  responses: RESPONSES,
  handler: ({ params, query, ctx }) =>
    rollbackFlow(ctx, { scope: 'run', id: params.run_id, query, plan: planRunRollback }),
});
