import { type CostReaggregation, reaggregateManifestCost } from './manifest-cost.js';
import type { RollbackPlan } from './rollback-plan.js';
import { moveToTrash, type RestoreOutcome, restoreFromTrash } from './trash.js';

/**
 * Moves the plan's paths into a new trash entry, then re-aggregates the
 * manifest cost. The caller holds the corpus's rebuild gate.
 */
export async function applyRollback(root: string, plan: RollbackPlan, now: Date) {
  const { trashId, removed } = await moveToTrash(root, plan, now);
  return { trashId, removed, cost: await reaggregateManifestCost(root, now) };
}

/** Restores a trash entry, then re-aggregates the manifest cost; undefined for an unknown entry. */
export async function applyRestore(
  root: string,
  trashId: string,
  now: Date,
): Promise<(RestoreOutcome & { cost: CostReaggregation }) | undefined> {
  const outcome = await restoreFromTrash(root, trashId);
  return outcome && { ...outcome, cost: await reaggregateManifestCost(root, now) };
}
