import type { EnrichmentBlock } from '@podcast/contracts';
import { readEvaluations } from '../accuracy/evaluations.js';
import { providerGetter } from '../providers/build-provider.js';
import { providerBlockProblem } from '../providers/provider-types.js';
import type { EnricherRegistry } from '../registry.js';
import type { HealthFile } from '../resilience/health-store.js';
import type { PlannedEnricher } from '../run/executor.js';
import type { OutcomeReason } from '../run/outcome.js';

/** The command line's selection flags (spec 03 "Command line", step 3 and 4). */
export interface Selection {
  only?: readonly string[];
  skip?: readonly string[];
  noEnrichers?: boolean;
  optIn?: readonly string[];
  withMl?: boolean;
  corpusOnly?: boolean;
}

export interface AdmissionInput {
  block: EnrichmentBlock;
  selection: Selection;
  registry: EnricherRegistry;
  health: HealthFile;
  evalRoot: string;
}

export interface Decision {
  enricher_id: string;
  decision: 'promote' | 'gate';
  reason: OutcomeReason | null;
  /** The newest evaluation's precision when the manifest declares an accuracy gate. */
  precision: number | null;
}

export interface Admission {
  admitted: PlannedEnricher[];
  excluded: Array<{ id: string; reason: OutcomeReason }>;
  decisions: Decision[];
  /** One line per enricher left out for want of --with-ml or of a registration. */
  hints: string[];
}

function candidateIds(block: EnrichmentBlock, selection: Selection): string[] {
  if (selection.noEnrichers) {
    return [];
  }
  const configured = Object.keys(block.enrichers ?? {});
  const base = selection.only && selection.only.length > 0 ? [...selection.only] : configured;
  const optIn = selection.optIn ?? [];
  const skip = new Set(selection.skip ?? []);
  return [...new Set([...base, ...optIn])].filter((id) => !skip.has(id));
}

/**
 * Which enrichers run and why the others do not, in the spec 03 order: the
 * block (presence enables, enabled: false opts out), the selection flags,
 * then what the registry and health say: not registered, opt-in, scope
 * (corpus_only), auto-disabled, the accuracy gate (precision >= threshold
 * from the newest evaluation), and the provider requirement (--with-ml).
 */
export async function admit(input: AdmissionInput): Promise<Admission> {
  const { block, selection, registry } = input;
  const admission: Admission = { admitted: [], excluded: [], decisions: [], hints: [] };
  const optIn = new Set(selection.optIn ?? []);
  for (const id of candidateIds(block, selection)) {
    const config = (block.enrichers?.[id] ?? {}) as Record<string, unknown>;
    const enricher = registry.get(id);
    let precision: number | null = null;
    let reason: OutcomeReason | null = null;
    if (block.enabled === false) {
      reason = { kind: 'disabled', detail: 'the enrichment block has enabled: false' };
    } else if (enricher === undefined) {
      reason = { kind: 'not_registered', detail: `no enricher ${id} is registered in this build` };
      admission.hints.push(
        `skipping ${id}: the configuration names it but this build has no such enricher`,
      );
    } else if (config.enabled === false && !selection.only?.includes(id)) {
      reason = { kind: 'disabled', detail: `enrichers.${id}.enabled is false` };
    } else if (enricher.manifest.opt_in && !optIn.has(id)) {
      reason = { kind: 'opt_in_required', detail: `${id} runs only with --opt-in ${id}` };
    } else if (selection.corpusOnly && enricher.manifest.scope === 'episode') {
      reason = { kind: 'disabled', detail: 'corpus_only leaves out episode-scope enrichers' };
    } else if (input.health.enrichers[id]?.auto_disabled) {
      reason = {
        kind: 'auto_disabled',
        detail: input.health.enrichers[id]?.auto_disabled_reason ?? 'auto-disabled',
      };
    } else if (enricher.manifest.accuracy_gate !== null) {
      const newest = (await readEvaluations(input.evalRoot, id))[0];
      precision = newest?.precision ?? null;
      const threshold = enricher.manifest.accuracy_gate.threshold;
      if (precision === null || precision < threshold) {
        const detail =
          precision === null
            ? `no evaluation of ${id} is recorded; it needs precision >= ${threshold}`
            : `the newest evaluation of ${id} has precision ${precision} < ${threshold}`;
        reason = { kind: 'accuracy_gate', detail, precision, threshold };
        admission.hints.push(`skipping ${id}: ${detail}`);
      }
    }
    const requirement = enricher?.manifest.provider_requirement;
    if (reason === null && requirement && !selection.withMl) {
      reason = {
        kind: 'needs_with_ml',
        detail: `${id} needs a ${requirement.protocol}; run with --with-ml`,
      };
      admission.hints.push(`skipping ${id}: it needs a model provider, pass --with-ml to run it`);
    } else if (reason === null && requirement) {
      const problem = providerBlockProblem(config.provider, requirement.protocol);
      if (problem !== null) {
        reason = { kind: 'no_provider', detail: `enrichers.${id}.provider: ${problem}` };
        admission.hints.push(`skipping ${id}: enrichers.${id}.provider: ${problem}`);
      }
    }
    admission.decisions.push({
      enricher_id: id,
      decision: reason === null ? 'promote' : 'gate',
      reason,
      precision,
    });
    if (reason === null && enricher !== undefined) {
      const provider = requirement
        ? providerGetter(config.provider as Record<string, unknown>)
        : undefined;
      admission.admitted.push({ enricher, config, ...(provider ? { provider } : {}) });
    } else if (reason !== null) {
      admission.excluded.push({ id, reason });
    }
  }
  return admission;
}
