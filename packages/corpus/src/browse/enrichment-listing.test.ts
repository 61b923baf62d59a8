import { describe, expect, it } from '@jest/globals';
import {
  enrichmentListItem,
  isEnrichmentEnvelope,
  latestRunEnrichers,
} from './enrichment-listing.js';

const envelope = {
  computed_at: '2026-11-15T09:58:51Z',
  enricher_id: 'grounding_rate',
  enricher_version: '1.0.0',
  schema_version: '1.0',
  status: 'ok',
  data: {},
};

describe('isEnrichmentEnvelope', () => {
  it.each([
    ['a full envelope', envelope, true],
    ['an envelope without derived or counters', { enricher_id: 'x', status: 'failed' }, true],
    ['the run summary', { schema_version: '1', run_id: 'r', per_enricher: {} }, false],
    ['an id with a dash', { enricher_id: 'bad-id', status: 'ok' }, false],
    ['a missing status', { enricher_id: 'x' }, false],
    ['an array', [envelope], false],
  ])('%s → %s', (_name, document, expected) => {
    expect(isEnrichmentEnvelope(document)).toBe(expected);
  });
});

describe('enrichmentListItem', () => {
  it('describes an envelope and whether the latest run produced it', () => {
    const latest = latestRunEnrichers({ per_enricher: { grounding_rate: {}, other: {} } });
    const source = { file: 'enrichments/grounding_rate.json', size: 812, document: envelope };
    expect(enrichmentListItem(source, latest)).toEqual({
      enricher_id: 'grounding_rate',
      enricher_version: '1.0.0',
      schema_version: '1.0',
      status: 'ok',
      file: 'enrichments/grounding_rate.json',
      size_bytes: 812,
      computed_at: '2026-11-15T09:58:51Z',
      produced_by_latest_run: true,
    });
    expect(enrichmentListItem(source, new Set())?.produced_by_latest_run).toBe(false);
  });

  it('leaves out a file that is not an envelope', () => {
    const source = { file: 'enrichments/notes.json', size: 2, document: {} };
    expect(enrichmentListItem(source, new Set())).toBeUndefined();
  });

  it('reads no enricher ids from a missing or malformed run summary', () => {
    expect(latestRunEnrichers(undefined).size).toBe(0);
    expect(latestRunEnrichers({ per_enricher: ['a'] }).size).toBe(0);
  });
});
