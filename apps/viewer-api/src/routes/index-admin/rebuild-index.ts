import path from 'node:path';
import { DomainError, IndexRebuildAccepted, IndexRebuildQuery, Problem } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { reply, ValidationFailed } from '@podcast/http-kit';
import { ALL_DOC_TYPES, type DocType } from '@podcast/search';
import { defineRoute } from '../../context.js';
import { catalogIndexFor } from '../corpus-browse/corpus-snapshot-for.js';

/** The index lives in `<corpus>/search` (spec 04 §5.1): any other vector_index_path is a 400. */
function assertIndexPath(root: string, requested: string | undefined): void {
  if (requested === undefined) {
    return;
  }
  const resolved = path.resolve(root, requested);
  if (resolved !== path.join(root, 'search')) {
    throw new ValidationFailed([
      { field: 'vector_index_path', message: `must be ${path.join(root, 'search')} (or "search")` },
    ]);
  }
}

export const rebuildIndex = defineRoute({
  method: 'post',
  path: '/api/index/rebuild',
  summary: 'Start a background rebuild of the search index',
  description:
    'Builds `<corpus>/search/` in a child process and answers 202 at once; poll ' +
    '/api/index/stats. Incremental (only changed episodes re-embedded) unless `rebuild=true`. ' +
    '409 while a rebuild of this corpus runs in any process. `embedding_model` must name the ' +
    "server's configured model (400 otherwise): the model is a server setting. " +
    '`vector_index_types` limits the doc types indexed (sticky: later builds keep them until ' +
    'given again; `all` restores every type); `vector_index_path` may only name ' +
    '`<corpus>/search`. ' +
    'Needs `Authorization: Bearer <OPERATOR_TOKEN>` (401 without; fails closed when unset).',
  tags: ['index'],
  // docs/decisions.md "Viewer gating": every write needs the operator token.
  auth: 'operator',
  query: IndexRebuildQuery,
  responses: {
    202: IndexRebuildAccepted,
    409: Problem.describe('A rebuild of this corpus runs already (in any process)'),
  },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const model = ctx.search.configuredModel;
    if (query.embedding_model !== undefined && query.embedding_model !== model) {
      throw new DomainError('invalid', `embedding_model: this server embeds with ${model}`, {
        field: 'embedding_model',
      });
    }
    assertIndexPath(root, query.vector_index_path);
    const requested = query.vector_index_types;
    const docTypes = requested?.includes('all')
      ? [...ALL_DOC_TYPES]
      : (requested as DocType[] | undefined);
    const catalog = await catalogIndexFor(ctx, query.path);
    const start = await ctx.search.rebuild(root, query.rebuild, docTypes, catalog);
    if (start.status === 'busy') {
      throw new DomainError('conflict', 'a rebuild of this corpus is already running');
    }
    start.finished.then((event) => {
      ctx.logger.info({ root, event: event.event, ms: event.duration_ms }, 'index rebuild ended');
    });
    const poll = `/api/index/stats?path=${encodeURIComponent(root)}`;
    return reply(202, {
      status: 'accepted' as const,
      path: root,
      force: query.rebuild,
      embedding_model: model,
      vector_index_types: docTypes ?? null,
      poll,
    });
  },
});
