import { CorpusPathQuery, TrashList } from '@podcast/contracts';
import { listTrash } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { corpusPlaceFor } from '../corpus-browse/corpus-snapshot-for.js';

export const listCorpusTrash = defineRoute({
  method: 'get',
  path: '/api/corpus/trash',
  summary: "The corpus's rollback trash entries",
  description: 'Entries with a readable journal, newest first. Needs the operator token.',
  tags: ['rollback'],
  auth: 'operator',
  query: CorpusPathQuery,
  responses: { 200: TrashList },
  handler: async ({ query, ctx }) => {
    const { root } = await corpusPlaceFor(ctx, query.path);
    return { path: root, items: await listTrash(root) };
  },
});
