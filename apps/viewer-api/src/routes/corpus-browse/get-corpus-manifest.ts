import { rootDocumentRoute } from './root-document-route.js';

export const getCorpusManifest = rootDocumentRoute({
  method: 'get',
  path: '/api/corpus/documents/manifest',
  file: 'corpus_manifest.json',
  title: 'The corpus manifest',
});
