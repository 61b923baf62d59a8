import { AskAnswer, AskQuery } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { askCorpusFor } from './search-corpus-for.js';

export const askCorpus = defineRoute({
  method: 'get',
  path: '/api/ask',
  summary: 'Answer a question with verbatim, timed quotes',
  description:
    'Evidence only: the hybrid index’s insight, quote and segment hits grouped by insight, each ' +
    'shown as one quote checked verbatim against its transcript, with speaker, episode, times ' +
    'and a link that plays from them; at most two items of one episode; both sides of a ' +
    'recorded contradiction. `abstained` below the calibrated threshold, and with ' +
    '`reason: no_index` (200) when the corpus has no index. A `summary` is added only when a ' +
    'chat model is configured, each sentence citing its items. Each call appends `{ts, ' +
    'query_type}` as an `ask_query` event (never the text) to search/query_log.jsonl.',
  tags: ['search'],
  auth: 'open',
  query: AskQuery,
  responses: { 200: AskAnswer },
  handler: async ({ query, ctx }) => {
    return ctx.ask.ask(await askCorpusFor(ctx, query.path), {
      question: query.q,
      topK: query.top_k,
      scope: 'corpus',
      logQuery: true,
      ...(query.feed === undefined ? {} : { feed: query.feed }),
      ...(query.since === undefined ? {} : { since: query.since }),
      ...(query.speaker === undefined ? {} : { speaker: query.speaker }),
    });
  },
});
