import {
  type CorpusPlace,
  type CorpusSnapshot,
  type EpisodeRecord,
  perSnapshot,
} from '@podcast/corpus';
import { placeSearchCorpus, type SearchCorpus, snapshotSearchCorpus } from '@podcast/search';
import {
  type Contradictions,
  episodeOfInsight,
  readContradictions,
  readContradictionsAt,
} from './contradictions.js';
import { type TermWeights, termWeightsOf, termWeightsOfCounts } from './terms.js';
import { corpusTranscripts, type TranscriptReader } from './transcripts.js';

/**
 * What an answer reads of a corpus besides its search index: the search
 * corpus hits are hydrated from, the episode of an insight, the term
 * weights, transcripts and the recorded contradictions. A snapshot is one;
 * so is the corpus index with the files read on demand, so an answer need
 * not load the projection.
 */
export interface AskCorpus extends SearchCorpus {
  /** The episode whose GI graph holds the insight, as a map filled in catalog order keeps it. */
  episodeOfInsight(insightId: string): Promise<EpisodeRecord | undefined>;
  /**
   * IDF over every insight and quote text of the corpus, for at least the
   * stems in `terms` (the question's: the only ones an answer weighs).
   */
  termWeights(terms: readonly string[]): Promise<TermWeights>;
  transcripts: TranscriptReader;
  contradictions(): Promise<Contradictions>;
}

/** The ask corpus of a loaded snapshot, made once per snapshot. */
export const snapshotAskCorpus = perSnapshot(
  (snapshot: CorpusSnapshot): AskCorpus => ({
    ...snapshotSearchCorpus(snapshot),
    episodeOfInsight: async (insightId) => episodeOfInsight(snapshot).get(insightId),
    termWeights: async () => termWeightsOf(snapshot),
    transcripts: corpusTranscripts(snapshot),
    contradictions: () => readContradictions(snapshot),
  }),
  'askCorpus',
);

/** What the corpus index answers an ask corpus with, over one data version. */
export interface IndexedAskSource {
  /** The index's data version: one object per commit, the key the corpus is kept under. */
  version: object;
  place: CorpusPlace;
  episodesByIds: SearchCorpus['episodesByIds'];
  episodeOfInsight: AskCorpus['episodeOfInsight'];
  /**
   * The document frequencies of `terms` over every insight and quote text
   * of the GI graphs, as a snapshot's term weights count them, with the
   * number of texts: the writer's running counts.
   */
  termCounts(
    terms: readonly string[],
  ): Promise<{ documents: number; counts: ReadonlyMap<string, number> }>;
}

const perVersion = new WeakMap<object, AskCorpus>();

/** Settles once; a rejection is not kept, so the next call tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= load().catch((err: unknown) => {
      kept = undefined;
      throw err;
    });
    return kept;
  };
}

/**
 * The ask corpus over the corpus index's rows, one per data version, so the
 * transcripts and contradictions are kept until the next commit as a
 * snapshot's are until the next snapshot. The term weights are the writer's
 * running counts of the question's stems, read per answer: nothing is
 * recounted after a commit.
 */
export function indexedAskCorpus(
  source: IndexedAskSource,
  logger?: Parameters<typeof placeSearchCorpus>[2],
): AskCorpus {
  const known = perVersion.get(source.version);
  if (known !== undefined) {
    return known;
  }
  const corpus: AskCorpus = {
    ...placeSearchCorpus(source.place, source.episodesByIds, logger),
    episodeOfInsight: source.episodeOfInsight,
    termWeights: async (terms) => {
      const { documents, counts } = await source.termCounts(terms);
      return termWeightsOfCounts(documents, counts);
    },
    transcripts: corpusTranscripts(source.place),
    contradictions: once(() => readContradictionsAt(source.place.root)),
  };
  perVersion.set(source.version, corpus);
  return corpus;
}
