import { rootDocumentRoute } from './root-document-route.js';

export const getCorpusRunSummary = rootDocumentRoute(
  '/api/corpus/documents/run-summary',
  'corpus_run_summary.json',
  'The corpus run summary',
);
