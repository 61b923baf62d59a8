import { queryInt } from './query.js';
import { QueryType, SearchQuery } from './search.js';
import { z } from './zod.js';

const Question = z.string().trim().min(1).max(500).openapi({
  description: 'the question; never logged (the query log keeps its time and type only)',
});

const TopK = queryInt(1, 20)
  .default(5)
  .openapi({ description: 'most evidence items answered (default 5)' });

/** The question, with the filters of GET /api/search. */
export const AskQuery = SearchQuery.pick({
  path: true,
  feed: true,
  since: true,
  speaker: true,
}).extend({ q: Question, top_k: TopK });
export type AskQuery = z.infer<typeof AskQuery>;

export const AskScope = z.enum(['corpus', 'episode', 'library']).openapi({
  description:
    'corpus: every episode; episode: the one named by `episode`; library: the shows in the ' +
    "listener's library and the episodes they have played",
});
export type AskScope = z.infer<typeof AskScope>;

export const AppAskQuery = z
  .object({
    q: Question,
    scope: AskScope.default('corpus'),
    episode: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .openapi({ description: 'episode slug; required when scope is episode' }),
    top_k: TopK,
  })
  .superRefine((query, ctx) => {
    if (query.scope === 'episode' && query.episode === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['episode'],
        message: 'episode is required when scope is episode',
      });
    }
  });
export type AppAskQuery = z.infer<typeof AppAskQuery>;

const Named = z.object({ id: z.string(), display_name: z.string() });

export const AskEvidence = z
  .object({
    n: z.number().int().min(1).openapi({ description: 'the number a summary sentence cites' }),
    quote: z.object({
      id: z.string().nullable().openapi({ description: 'GI quote id; null for a segment' }),
      text: z.string().openapi({ description: 'verbatim from the transcript' }),
    }),
    insight: z
      .object({ id: z.string(), text: z.string(), grounded: z.boolean() })
      .nullable()
      .openapi({ description: 'the insight the quote supports, when there is one' }),
    speaker: Named.nullable().openapi({ description: "the quote's SPOKEN_BY person, or null" }),
    episode: z.object({
      episode_id: z.string(),
      slug: z.string(),
      title: z.string().nullable(),
      show: z.string().nullable(),
      feed_id: z.string(),
      publish_date: z.string().nullable(),
    }),
    start_s: z.number().min(0),
    end_s: z.number().min(0),
    play_url: z.string().openapi({ description: 'opens the episode playing from start_s' }),
    transcript: z.object({
      relpath: z.string(),
      char_start: z.number().int().min(0),
      char_end: z.number().int().min(0),
    }),
    score: z.number(),
    contradicts: z
      .string()
      .nullable()
      .openapi({ description: 'the insight id this item disputes (the other side of a claim)' }),
  })
  .openapi('AskEvidence');
export type AskEvidence = z.infer<typeof AskEvidence>;

export const AskSummarySentence = z.object({
  text: z.string(),
  cites: z.array(z.number().int().min(1)).min(1),
});

export const AskAnswer = z
  .object({
    status: z.enum(['answered', 'abstained']),
    reason: z
      .enum(['no_index', 'embedding_model_mismatch', 'no_evidence', 'below_threshold'])
      .nullable(),
    query_type: QueryType,
    scope: AskScope,
    evidence: z.array(AskEvidence),
    summary: z
      .object({ sentences: z.array(AskSummarySentence).min(1).max(5), model: z.string() })
      .nullable()
      .openapi({ description: 'only with a configured chat model; every sentence cites evidence' }),
  })
  .openapi('AskAnswer');
export type AskAnswer = z.infer<typeof AskAnswer>;
