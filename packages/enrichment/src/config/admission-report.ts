import { evaluationsDir } from '../accuracy/evaluations.js';
import type { EnricherRegistry } from '../registry.js';
import { readHealth } from '../resilience/health-store.js';
import { admit } from './admission.js';
import { loadEnrichmentConfig } from './load-config.js';
import { hasProviderBlock } from './resolve.js';

/**
 * Spec 03 config/admission: for every enricher of the resolved block (and
 * every registered one it leaves out), whether a run now would promote it
 * or gate it, and why. `with_ml` is assumed the way the workflow passes
 * it: on when any enricher block has a provider.
 */
export async function admissionReport(corpusRoot: string, registry: EnricherRegistry) {
  const view = await loadEnrichmentConfig({ corpusRoot });
  const block = view.resolved_block;
  const withMl = hasProviderBlock(block);
  const admission = await admit({
    block,
    selection: { withMl },
    registry,
    health: await readHealth(corpusRoot),
    evalRoot: evaluationsDir(corpusRoot),
  });
  const configured = new Set(admission.decisions.map((d) => d.enricher_id));
  const notConfigured = registry
    .list()
    .filter((e) => !configured.has(e.manifest.id))
    .map((e) => ({
      enricher_id: e.manifest.id,
      decision: 'gate' as const,
      reason: { kind: 'disabled' as const, detail: 'the resolved block has no block for it' },
      precision: null,
    }));
  return {
    corpus_path: corpusRoot,
    profile: view.profile,
    with_ml: withMl,
    enrichers: [...admission.decisions, ...notConfigured].map((decision) => {
      const manifest = registry.get(decision.enricher_id)?.manifest;
      return { ...decision, tier: manifest?.tier ?? null, scope: manifest?.scope ?? null };
    }),
  };
}
