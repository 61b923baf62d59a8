import { rootDocumentRoute } from './root-document-route.js';

export const getCorpusManifest = rootDocumentRoute(
  '/api/corpus/documents/manifest',
  'corpus_manifest.json',
  'The corpus manifest',
);
