import { createCorpusRegistry } from '@podcast/corpus';
import { createEmbeddingProvider, type EmbeddingSpec } from '@podcast/providers';
import { pino } from 'pino';
import type { DocType } from '../documents/index-document.js';
import { indexPathsOf } from '../store/index-paths.js';
import { buildIndex } from './build-index.js';

/** What the API process sends the builder over IPC. */
export interface RebuildRequest {
  root: string;
  embedding: EmbeddingSpec;
  force: boolean;
  /** Doc types to index; undefined keeps the last build's. */
  docTypes?: DocType[];
}

async function run(request: RebuildRequest) {
  const corpus = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
  try {
    const snapshot = await corpus.refresh(request.root);
    const provider = await createEmbeddingProvider(request.embedding);
    const outcome = await buildIndex(
      snapshot,
      provider,
      indexPathsOf(request.root),
      request.force,
      request.docTypes,
    );
    process.send?.({ type: 'done', outcome });
  } finally {
    corpus.close();
  }
}

// The builder runs in its own process: embedding and LanceDB writes stay off
// the API's event loop and heap, and a crash here cannot take the API down.
process.once('message', (request: RebuildRequest) => {
  run(request).then(
    () => process.disconnect?.(),
    (err: unknown) => {
      process.send?.({ type: 'error', message: err instanceof Error ? err.message : String(err) });
      process.disconnect?.();
    },
  );
});
// The parent went away: stop rather than build for nobody (its lock goes stale).
process.on('disconnect', () => process.exit(0));
