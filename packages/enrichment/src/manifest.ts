import type { EnrichmentTier } from '@podcast/contracts';
import type { z } from 'zod';
import type { EpisodeFacts } from './facts.js';

export type ProviderProtocol = 'EmbeddingProvider' | 'NliScorer';

/**
 * What the registry knows of an enricher before running it (spec 03): its
 * tier picks the resilience policy, `config_schema` its knobs (also the
 * JSON Schema under enrichers.<id>.properties), `provider_requirement` the
 * protocol it needs (run only with --with-ml), `accuracy_gate` keeps it out
 * until an evaluation shows the precision.
 */
export interface EnricherManifest {
  id: string;
  version: string;
  tier: EnrichmentTier;
  scope: 'corpus' | 'episode';
  description: string;
  /** The `schema_version` of the envelopes it writes. */
  schema_version: string;
  config_schema: z.ZodObject;
  provider_requirement: { protocol: ProviderProtocol } | null;
  accuracy_gate: { metric: 'precision'; threshold: number } | null;
  /** Runs only when named by --opt-in (or an operator block of its own). */
  opt_in: boolean;
}

/** The fields every deterministic enricher of this build shares (version 1.0.0, no provider, no gate). */
export const DETERMINISTIC = {
  version: '1.0.0',
  tier: 'deterministic',
  schema_version: '1.0',
  provider_requirement: null,
  accuracy_gate: null,
  opt_in: false,
} as const;

export interface EnricherOutput {
  data: unknown;
  records_written: number;
  cost_usd: number;
}

export interface EnricherContext {
  now: Date;
  signal: AbortSignal;
  /**
   * The provider built from enrichers.<id>.provider, for enrichers that need
   * one: built on first call (loading a model is slow), then shared; a
   * failure to build is the enricher's failure, retried per its tier.
   */
  provider?: () => Promise<unknown>;
}

export interface CorpusEnricher {
  manifest: EnricherManifest & { scope: 'corpus' };
  compute(
    episodes: readonly EpisodeFacts[],
    config: Record<string, unknown>,
    context: EnricherContext,
  ): Promise<EnricherOutput> | EnricherOutput;
}

export interface EpisodeEnricher {
  manifest: EnricherManifest & { scope: 'episode' };
  compute(
    episode: EpisodeFacts,
    config: Record<string, unknown>,
    context: EnricherContext,
  ): Promise<EnricherOutput> | EnricherOutput;
}

export type Enricher = CorpusEnricher | EpisodeEnricher;

/** An enricher's manifest as declared: the scope comes from the function declaring it. */
type Declared<S extends z.ZodObject> = Omit<EnricherManifest, 'scope' | 'config_schema'> & {
  config_schema: S;
};

/** An enricher's compute over its input (the corpus or one episode), typed by its config schema. */
type Compute<In, S extends z.ZodObject> = (
  input: In,
  config: z.output<S>,
  context: EnricherContext,
) => Promise<EnricherOutput> | EnricherOutput;

/**
 * The enricher the registry runs: the manifest with its scope, and a compute
 * that puts the operator's config through the manifest's schema first.
 */
function scopedEnricher<Scope extends EnricherManifest['scope'], In, S extends z.ZodObject>(
  scope: Scope,
  manifest: Declared<S>,
  compute: Compute<In, S>,
) {
  return {
    manifest: { ...manifest, scope },
    compute: (input: In, config: Record<string, unknown>, context: EnricherContext) =>
      compute(input, manifest.config_schema.parse(config), context),
  };
}

/** Declares an enricher once: manifest plus compute, typed by its config schema. */
export function corpusEnricher<S extends z.ZodObject>(
  manifest: Declared<S>,
  compute: Compute<readonly EpisodeFacts[], S>,
): CorpusEnricher {
  return scopedEnricher('corpus', manifest, compute);
}

export function episodeEnricher<S extends z.ZodObject>(
  manifest: Declared<S>,
  compute: Compute<EpisodeFacts, S>,
): EpisodeEnricher {
  return scopedEnricher('episode', manifest, compute);
}
