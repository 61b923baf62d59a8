import type { AskAnswer } from '@podcast/contracts';
import { type CorpusSnapshot, perSnapshot } from '@podcast/corpus';
import { appendQueryLog, classifyQuery, indexPathsOf, type SearchService } from '@podcast/search';
import { type AskRequest, ask } from './ask.js';
import { readContradictions } from './contradictions.js';
import type { PassageScorer } from './rerank.js';
import type { Summarizer } from './summary.js';
import { corpusTranscripts } from './transcripts.js';

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
  ask(snapshot: CorpusSnapshot, request: AskRequest): Promise<AskAnswer>;
}

const transcriptsOf = perSnapshot((snapshot: CorpusSnapshot) => corpusTranscripts(snapshot));

/** The ask flow of the API processes: logs the question's type when asked to (never its text), then answers. */
export function createAskService(options: AskServiceOptions): AskService {
  const now = options.now ?? (() => new Date());
  return {
    ask: async (snapshot, request) => {
      if (request.logQuery) {
        const file = indexPathsOf(snapshot.root).queryLog;
        appendQueryLog(file, classifyQuery(request.question), now(), 'ask_query').catch(
          options.onLogError ?? (() => {}),
        );
      }
      return ask(
        {
          snapshot,
          search: (searchRequest) => options.search.search(snapshot, searchRequest),
          transcripts: transcriptsOf(snapshot),
          contradictions: await readContradictions(snapshot),
          ...(options.scorer ? { scorer: options.scorer } : {}),
          ...(options.summarize ? { summarize: options.summarize } : {}),
          ...(options.threshold === undefined ? {} : { threshold: options.threshold }),
        },
        request,
      );
    },
  };
}
