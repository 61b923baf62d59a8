import { createCorpusRegistry, readEpisodeLayers } from '@podcast/corpus';
import { type IndexLocation, listEpisodesWithIds, openCatalogReader } from '@podcast/corpus-index';
import { createEmbeddingProvider, type EmbeddingSpec } from '@podcast/providers';
import { pino } from 'pino';
import type { DocType } from '../documents/index-document.js';
import { indexPathsOf } from '../store/index-paths.js';
import { type BuildSource, buildIndex, snapshotBuildSource } from './build-index.js';

/** What the API process sends the builder over IPC. */
export interface RebuildRequest {
  root: string;
  embedding: EmbeddingSpec;
  force: boolean;
  /** Doc types to index; undefined keeps the last build's. */
  docTypes?: DocType[];
  /** The corpus index that catalogs `root`; without one the builder loads the corpus's snapshot. */
  catalog?: IndexLocation;
}

type Registry = ReturnType<typeof createCorpusRegistry>;

/**
 * The episodes from the corpus index's catalog, each batch's layer files
 * read through bounded caches: the builder holds one batch of layers, not
 * a projection of the whole corpus.
 */
async function catalogSource(
  corpus: Registry,
  root: string,
  catalog: IndexLocation,
): Promise<BuildSource> {
  const handle = await openCatalogReader(catalog);
  if (handle === undefined) {
    throw new Error('the corpus index has no catalog to build from yet');
  }
  const episodes = await listEpisodesWithIds(handle.db).finally(() => handle.close());
  const place = corpus.at(root);
  return {
    root,
    version: place,
    episodes: async () => episodes,
    layersOf: (batch) => readEpisodeLayers(place, batch, undefined, ['gi', 'kg']),
  };
}

async function run(request: RebuildRequest) {
  const corpus = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
  try {
    const source =
      request.catalog === undefined
        ? snapshotBuildSource(await corpus.refresh(request.root))
        : await catalogSource(corpus, request.root, request.catalog);
    const provider = await createEmbeddingProvider(request.embedding);
    const outcome = await buildIndex(
      source,
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
