import { describe, expect, it } from '@jest/globals';
import { GI_1_0, GI_3_1 } from '../../test/lineage-fixtures.js';
import { normalizeGi } from '../readers/gi-reader.js';
import { projectInsights, quotesOfInsight } from './insight-projection.js';

describe('projectInsights', () => {
  it('drops unsurfaceable and drop-routed insights and sorts by salience, unsalient last', () => {
    const ids = projectInsights(normalizeGi(GI_3_1)).map((i) => i.id);
    expect(ids).toEqual(['insight:high', 'insight:low', 'insight:plain']);
  });

  it('keeps file order among insights of equal salience', () => {
    const graph = normalizeGi({
      nodes: ['a', 'b', 'c'].map((id) => ({
        id: `insight:${id}`,
        type: 'Insight',
        properties: { text: id },
      })),
    });
    expect(projectInsights(graph).map((i) => i.id)).toEqual([
      'insight:a',
      'insight:b',
      'insight:c',
    ]);
  });
});

describe('quotesOfInsight', () => {
  it('returns the supporting quotes that exist as nodes', () => {
    const graph = normalizeGi(GI_1_0);
    const [first] = graph.insights;
    expect(first && quotesOfInsight(graph, first).map((q) => q.id)).toEqual(['quote:a']);
  });

  it('skips supporting quotes with no node', () => {
    const graph = normalizeGi(GI_3_1);
    const high = graph.insights.find((i) => i.id === 'insight:high');
    expect(high && quotesOfInsight(graph, high)).toEqual([]);
  });
});
