import type { AskAnswer } from '@podcast/contracts';
import type { CorpusSnapshot } from '@podcast/corpus';
import { appendQueryLog, classifyQuery, indexPathsOf, type SearchService } from '@podcast/search';
import { type AskRequest, ask } from './ask.js';
import { type AskCorpus, snapshotAskCorpus } from './ask-corpus.js';
import type { PassageScorer } from './rerank.js';
import type { Summarizer } from './summary.js';

export interface AskServiceOptions {
  search: Pick<SearchService, 'search'>;
  summarize?: Summarizer | undefined;
  scorer?: PassageScorer | undefined;
  /** Overrides the abstain line (calibration only). */
  threshold?: number;
  now?: () => Date;
  /** Where query-log append failures go (the answer never waits for or fails on them). */
  onLogError?: (err: unknown) => void;
}

export interface AskService {
  /** An answer from `corpus`: a snapshot, or the corpus index's rows with files read on demand. */
  ask(corpus: AskCorpus | CorpusSnapshot, request: AskRequest): Promise<AskAnswer>;
}

/** The ask flow of the API processes: logs the question's type when asked to (never its text), then answers. */
export function createAskService(options: AskServiceOptions): AskService {
  const now = options.now ?? (() => new Date());
  return {
    ask: async (source, request) => {
      const corpus = 'termWeights' in source ? source : snapshotAskCorpus(source);
      if (request.logQuery) {
        const file = indexPathsOf(corpus.root).queryLog;
        appendQueryLog(file, classifyQuery(request.question), now(), 'ask_query').catch(
          options.onLogError ?? (() => {}),
        );
      }
      return ask(
        {
          corpus,
          search: (searchRequest) => options.search.search(corpus, searchRequest),
          transcripts: corpus.transcripts,
          contradictions: await corpus.contradictions(),
          ...(options.scorer ? { scorer: options.scorer } : {}),
          ...(options.summarize ? { summarize: options.summarize } : {}),
          ...(options.threshold === undefined ? {} : { threshold: options.threshold }),
        },
        request,
      );
    },
  };
}
