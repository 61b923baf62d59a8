import { describe, expect, it } from '@jest/globals';
import { STATIC_MODEL } from '@podcast/providers';
import { defaultClusterThreshold, REFERENCE_CLUSTER_THRESHOLD } from './cluster-thresholds.js';

describe('defaultClusterThreshold', () => {
  it.each([
    ['the reference model', 'sentence-transformers/all-MiniLM-L6-v2', REFERENCE_CLUSTER_THRESHOLD],
    ['the reference model named by its folder', 'all-MiniLM-L6-v2', REFERENCE_CLUSTER_THRESHOLD],
    ['a model it does not know', 'text-embedding-3-small', REFERENCE_CLUSTER_THRESHOLD],
  ])('gives %s the reference threshold', (_name, model, threshold) => {
    expect(defaultClusterThreshold(model)).toBe(threshold);
  });

  it('gives the offline word vectors a lower threshold of their own', () => {
    const threshold = defaultClusterThreshold(STATIC_MODEL);
    expect(threshold).toBeLessThan(REFERENCE_CLUSTER_THRESHOLD);
    expect(threshold).toBeGreaterThan(0.05);
  });
});
