import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import {
  EnricherResultStatus,
  EnrichmentBlock,
  EnrichmentEnvelope,
  EnrichmentTier,
  enrichmentBlockJsonSchema,
} from './enrichment-config.js';

const block = {
  enabled: true,
  max_total_cost_usd_per_run: 2.5,
  fail_on_run_cost_cap: true,
  enrichers: {
    temporal_velocity: { window_months: 6 },
    topic_similarity: {
      top_k: 5,
      expected_duration_s: 120,
      provider: { type: 'sentence_transformer_local', device: 'cpu' },
    },
    topic_consensus: { enabled: false, max_cost_usd_per_run: 0.5, threshold: 0.7 },
  },
};

function envelope(): Record<string, unknown> {
  return {
    derived: true,
    computed_at: '2026-01-01T00:00:00Z',
    enricher_id: 'topic_similarity',
    enricher_version: '1.0.0',
    schema_version: '1.0',
    status: 'ok',
    data: {
      topics: [
        { topic_id: 'topic:drainage', top_k: [{ topic_id: 'topic:soil', similarity: 0.81 }] },
      ],
    },
    error: null,
    error_class: null,
    retry_count: 0,
    circuit_state: null,
    duration_ms: 12,
    records_written: 10,
  };
}

describe('EnrichmentBlock', () => {
  it('accepts a block and keeps every per-enricher knob and provider param', () => {
    expect(EnrichmentBlock.parse(block)).toEqual(block);
  });

  it('accepts an empty block', () => {
    expect(EnrichmentBlock.safeParse({}).success).toBe(true);
  });

  it('refuses a misspelt top-level key and names it', () => {
    const result = EnrichmentBlock.safeParse({ enricher: {} });
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['enricher'] }]);
  });

  it.each([
    ['a negative run cap', { max_total_cost_usd_per_run: -1 }, 'max_total_cost_usd_per_run'],
    ['a string flag', { fail_on_run_cost_cap: 'yes' }, 'fail_on_run_cost_cap'],
    [
      'an enricher id with a dash',
      { enrichers: { 'topic-similarity': {} } },
      'enrichers.topic-similarity',
    ],
    [
      'a provider without a type',
      { enrichers: { topic_similarity: { provider: { device: 'cpu' } } } },
      'enrichers.topic_similarity.provider.type',
    ],
    [
      'a negative per-enricher cap',
      { enrichers: { x: { max_cost_usd_per_run: -0.1 } } },
      'enrichers.x.max_cost_usd_per_run',
    ],
    [
      'a zero expected duration',
      { enrichers: { x: { expected_duration_s: 0 } } },
      'enrichers.x.expected_duration_s',
    ],
  ])('refuses %s', (_case, value, path) => {
    expect(issuePaths(EnrichmentBlock.safeParse(value))).toEqual([path]);
  });

  it('ships a draft 2020-12 JSON Schema that closes the top level and opens each enricher', () => {
    const schema = enrichmentBlockJsonSchema() as {
      $schema: string;
      additionalProperties: unknown;
      properties: {
        enrichers: {
          propertyNames: { pattern: string };
          additionalProperties: { additionalProperties: unknown };
        };
      };
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.enrichers.propertyNames.pattern).toBe('^[A-Za-z0-9_]+$');
    expect(schema.properties.enrichers.additionalProperties.additionalProperties).toEqual({});
  });
});

describe('EnrichmentEnvelope', () => {
  it('accepts an ok envelope and one without derived, as older files are', () => {
    const { derived: _d, ...older } = envelope();
    expect(EnrichmentEnvelope.parse(envelope())).toEqual(envelope());
    expect(EnrichmentEnvelope.safeParse(older).success).toBe(true);
  });

  it('accepts a failed envelope with null data and an open circuit', () => {
    const failed = {
      ...envelope(),
      status: 'failed',
      data: null,
      error: 'boom',
      error_class: 'RuntimeError',
      circuit_state: 'open',
    };
    expect(EnrichmentEnvelope.safeParse(failed).success).toBe(true);
  });

  it.each([
    ['data on a failed run', { status: 'failed', data: {} }, 'data'],
    ['an unknown status', { status: 'partial' }, 'status'],
    ['an unknown circuit state', { circuit_state: 'ajar' }, 'circuit_state'],
    ['a bad enricher id', { enricher_id: 'topic similarity' }, 'enricher_id'],
    ['a missing computed_at', { computed_at: undefined }, 'computed_at'],
  ])('refuses %s', (_case, patch, path) => {
    expect(issuePaths(EnrichmentEnvelope.safeParse({ ...envelope(), ...patch }))).toEqual([path]);
  });
});

describe('enumerations', () => {
  it('lists the six result statuses and four tiers of spec 03', () => {
    expect(EnricherResultStatus.options).toEqual([
      'ok',
      'failed',
      'timeout',
      'quarantined',
      'cancelled',
      'skipped',
    ]);
    expect(EnrichmentTier.options).toEqual(['deterministic', 'embedding', 'ml', 'llm']);
  });
});
