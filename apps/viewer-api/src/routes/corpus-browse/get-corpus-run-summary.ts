import { rootDocumentRoute } from './root-document-route.js';

export const getCorpusRunSummary = rootDocumentRoute({
  method: 'get',
  path: '/api/corpus/documents/run-summary',
  file: 'corpus_run_summary.json',
  title: 'The corpus run summary',
});
