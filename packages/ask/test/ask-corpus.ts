import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CorpusSnapshot, createCorpusRegistry } from '@podcast/corpus';
import { createEmbeddingProvider } from '@podcast/providers';
import {
  buildIndex,
  createSearchService,
  indexPathsOf,
  snapshotBuildSource,
} from '@podcast/search';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import { pino } from 'pino';

/** "LFP gets more attention than it deserves" and, in another episode, a claim set against it. */
export const CLAIM = 'insight:a0a1bd3f96a24142';
export const OTHER_SIDE = 'insight:f67a5ba8b1000837';

export interface AskCorpus {
  copy: SampleCorpusCopy;
  snapshot: CorpusSnapshot;
  search: ReturnType<typeof createSearchService>;
  build(): Promise<void>;
  close(): void;
}

/**
 * A copy of the sample corpus whose topic_consensus enrichment records one
 * contradiction, and a search service over it; `build()` indexes it in
 * this process.
 */
export async function askCorpus(label: string): Promise<AskCorpus> {
  const copy = copySampleCorpus(label);
  const consensus = {
    enricher_id: 'topic_consensus',
    status: 'ok',
    data: {
      consensus: [
        { insight_a_id: CLAIM, insight_b_id: OTHER_SIDE, contradiction: 0.91, contradicts: true },
        {
          insight_a_id: 'insight:21e3fdfa2a151261',
          insight_b_id: 'insight:5a98461dc93b014b',
          contradiction: 0.1,
          contradicts: false,
        },
      ],
    },
  };
  await writeFile(
    path.join(copy.corpusDir, 'enrichments', 'topic_consensus.json'),
    JSON.stringify(consensus),
  );
  const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
  const snapshot = await registry.get(copy.corpusDir);
  const embedding = { kind: 'static_word_vectors' } as const;
  return {
    copy,
    snapshot,
    search: createSearchService({ embedding }),
    build: async () => {
      const provider = await createEmbeddingProvider(embedding);
      await buildIndex(snapshotBuildSource(snapshot), provider, indexPathsOf(copy.corpusDir), true);
    },
    close: () => {
      registry.close();
      copy.remove();
    },
  };
}
