import { createRequire } from 'node:module';
import { enrichmentBlockJsonSchema } from '@podcast/contracts';
import type { Ajv2020 as Ajv } from 'ajv/dist/2020.js';
import { z } from 'zod';
import {
  PROVIDER_TYPES,
  type ProviderType,
  providerBlockSchema,
} from '../providers/provider-types.js';
import type { EnricherRegistry } from '../registry.js';

const COMMON_KEYS = {
  enabled: { type: 'boolean', description: 'false opts out while keeping the block' },
  max_cost_usd_per_run: {
    type: 'number',
    minimum: 0,
    description: 'Cost cap of this enricher in USD',
  },
  expected_duration_s: {
    type: 'number',
    exclusiveMinimum: 0,
    description: 'Stall warning reference',
  },
  timeout_s: {
    type: 'number',
    exclusiveMinimum: 0,
    maximum: 86_400,
    description: 'Per-invocation timeout',
  },
};

/**
 * Spec 03 config/schema: the base block's schema with each registered
 * enricher's knobs (its manifest's config_schema) under
 * enrichers.<id>.properties, and for enrichers that need a provider, each
 * provider type of that protocol as a oneOf under enrichers.<id>.provider.
 * Unknown enricher ids and unknown knobs are refused.
 */
export function composeConfigSchema(
  registry: EnricherRegistry,
  providerTypes: readonly ProviderType[] = PROVIDER_TYPES,
): Record<string, unknown> {
  const base = enrichmentBlockJsonSchema() as { properties: Record<string, unknown> };
  const enrichers: Record<string, unknown> = {};
  for (const { manifest } of registry.list()) {
    const knobs = z.toJSONSchema(manifest.config_schema, {
      target: 'draft-2020-12',
      io: 'input',
    }) as {
      properties?: Record<string, unknown>;
    };
    const providers = providerTypes.filter(
      (type) => type.protocol === manifest.provider_requirement?.protocol,
    );
    enrichers[manifest.id] = {
      type: 'object',
      title: manifest.id,
      description: `${manifest.description} (${manifest.tier} tier, ${manifest.scope} scope)`,
      properties: {
        ...COMMON_KEYS,
        ...(knobs.properties ?? {}),
        ...(providers.length > 0
          ? { provider: { oneOf: providers.map(providerBlockSchema) } }
          : {}),
      },
      additionalProperties: false,
    };
  }
  return {
    ...base,
    properties: {
      ...base.properties,
      enrichers: {
        type: 'object',
        description: 'Per-enricher blocks keyed by enricher id; a block enables its enricher',
        properties: enrichers,
        additionalProperties: false,
      },
    },
  };
}

export interface SchemaError {
  field: string;
  message: string;
}

/**
 * ajv, loaded (synchronously, it is CommonJS) when the first validator is
 * made: a noticeable part of every server start otherwise, where most
 * starts never see an enrichment config written.
 */
function loadAjv(): typeof Ajv {
  const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as {
    Ajv2020: typeof Ajv;
  };
  return Ajv2020;
}

/** A validator of enrichment blocks against the composed schema (ajv, draft 2020-12). */
export function enrichmentBlockValidator(schema: Record<string, unknown>) {
  const Ajv2020 = loadAjv();
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  return (block: unknown): SchemaError[] => {
    if (validate(block)) {
      return [];
    }
    return (validate.errors ?? []).map((error) => {
      const path = error.instancePath.split('/').filter((part) => part !== '');
      const extra =
        error.keyword === 'additionalProperties'
          ? [String((error.params as { additionalProperty?: string }).additionalProperty)]
          : [];
      return {
        field: ['enrichment_block', ...path, ...extra].join('.'),
        message:
          error.keyword === 'additionalProperties' ? 'unknown key' : (error.message ?? 'invalid'),
      };
    });
  };
}
