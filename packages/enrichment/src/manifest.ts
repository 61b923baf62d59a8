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

/** Declares an enricher once: manifest plus compute, typed by its config schema. */
export function corpusEnricher<S extends z.ZodObject>(
  manifest: Omit<EnricherManifest, 'scope' | 'config_schema'> & { config_schema: S },
  compute: (
    episodes: readonly EpisodeFacts[],
    config: z.output<S>,
    context: EnricherContext,
  ) => Promise<EnricherOutput> | EnricherOutput,
): CorpusEnricher {
  return {
    manifest: { ...manifest, scope: 'corpus' },
    compute: (episodes, config, context) =>
      compute(episodes, manifest.config_schema.parse(config), context),
  };
}

export function episodeEnricher<S extends z.ZodObject>(
  manifest: Omit<EnricherManifest, 'scope' | 'config_schema'> & { config_schema: S },
  compute: (
    episode: EpisodeFacts,
    config: z.output<S>,
    context: EnricherContext,
  ) => Promise<EnricherOutput> | EnricherOutput,
): EpisodeEnricher {
  return {
    manifest: { ...manifest, scope: 'episode' },
    compute: (episode, config, context) =>
      compute(episode, manifest.config_schema.parse(config), context),
  };
}
