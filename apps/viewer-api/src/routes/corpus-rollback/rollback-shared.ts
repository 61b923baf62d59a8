import { Problem, RollbackAccepted, RollbackDryRun } from '@podcast/contracts';

export const RESPONSES = {
  200: RollbackDryRun,
  202: RollbackAccepted,
  404: Problem.describe('No such run or episode in this corpus'),
  409: Problem.describe('An index rebuild, a topic clustering or another rollback is running'),
};

export const FLOW_NOTE =
  'Nothing is deleted: the files move to `.trash/<YYYYMMDDTHHMMSSZ>/` with their relative paths, ' +
  'after a journal (`rollback.json`) is written there, so an interrupted rollback leaves each ' +
  'file in place or in the trash. Then the manifest cost is re-aggregated from the remaining ' +
  'run records, the catalog is refreshed and, when the corpus has an index, an incremental ' +
  'rebuild starts (202; poll /api/index/stats). `confirm` must equal the id (400 otherwise), ' +
  'unless `dry_run=true`, which answers 200 with what would move. 409 while an index ' +
  'rebuild, a topic clustering or another rollback of this corpus runs. Undo with POST ' +
  '/api/corpus/trash/{trash_id}/restore. Needs the operator token.';
