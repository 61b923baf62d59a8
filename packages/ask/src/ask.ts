import type { AskAnswer, AskEvidence, AskScope } from '@podcast/contracts';
import type { SearchOutcome, SearchRequest } from '@podcast/search';
import type { AskCorpus } from './ask-corpus.js';
import { type Candidate, candidatesOf, EVIDENCE_DOC_TYPES } from './candidates.js';
import type { Contradictions } from './contradictions.js';
import { evidenceOf, type Passage, passageOf } from './evidence.js';
import {
  EXTRACTIVE_THRESHOLD,
  extractiveScore,
  type PassageScorer,
  passageText,
} from './rerank.js';
import type { Summarizer } from './summary.js';
import { questionTerms, type TermWeights } from './terms.js';
import type { TranscriptReader } from './transcripts.js';

export interface AskRequest {
  question: string;
  topK: number;
  scope: AskScope;
  feed?: string;
  since?: string;
  speaker?: string;
  /** The episodes the scope allows (episode and library scopes); absent: every episode. */
  episodeIds?: readonly string[];
  /** Append the question's type to the query log (GET /api/ask, as GET /api/search does). */
  logQuery?: boolean;
}

/** What an answer reads, passed in by the host (the API's search service, the corpus). */
export interface AskDeps {
  /** Episodes and their layers, the episode of an insight and the term weights. */
  corpus: Pick<AskCorpus, 'episodesByIds' | 'layersOf' | 'episodeOfInsight' | 'termWeights'>;
  search: (request: SearchRequest) => Promise<SearchOutcome>;
  transcripts: TranscriptReader;
  contradictions: Contradictions;
  /** A local model's relevance score; absent: the extractive score and its threshold. */
  scorer?: PassageScorer;
  summarize?: Summarizer;
  /** Overrides the abstain line (the calibration runs with 0 to see every best score). */
  threshold?: number;
}

/**
 * How many fused hits are read, from how deep a list each, and how many
 * candidates are checked against transcripts: a list depth of 50 rather
 * than the search default of 4 × hits halves the time at 10,000 episodes.
 * No doc-type filter is sent: a `where` on the aux table costs more than
 * ranking its other rows (topics, entities, summaries), which take their
 * place in the fusion but are not read (`hitTypes`).
 */
const HITS = 40;
const DEPTH = 50;
const CANDIDATES = 16;
/** Spec: at most two items from one episode, unless the answer is about one episode. */
const PER_EPISODE = 2;

interface Ranked {
  passage: Passage;
  score: number;
}

/** Passages best first, with the line they are held to: the model's when it scored them. */
async function rankedPassages(
  deps: AskDeps,
  request: AskRequest,
  candidates: readonly Candidate[],
  weights: TermWeights,
): Promise<{ ranked: Ranked[]; threshold: number }> {
  const terms = questionTerms(request.question);
  const passages = (
    await Promise.all(
      candidates.map(async (c) => passageOf(c, await deps.transcripts(c.episode), terms)),
    )
  ).filter((p): p is Passage => p !== undefined);
  const model = await deps.scorer?.score(request.question, passages.map(passageText));
  const threshold =
    deps.threshold ?? (model && deps.scorer ? deps.scorer.threshold : EXTRACTIVE_THRESHOLD);
  const bestFused = Math.max(0, ...passages.map((p) => p.candidate.fused));
  const ranked = passages
    .map((passage, i) => ({
      passage,
      score: extractiveScore(passage, terms, weights, bestFused, model?.[i]),
    }))
    .sort((a, b) => b.score - a.score);
  return { ranked, threshold };
}

/** The best passages above the line, at most PER_EPISODE of one episode outside the episode scope. */
function selected(ranked: readonly Ranked[], request: AskRequest, threshold: number): Ranked[] {
  const perEpisode = new Map<string, number>();
  const kept: Ranked[] = [];
  for (const item of ranked) {
    const id = item.passage.candidate.episode.metadata_relpath;
    const count = perEpisode.get(id) ?? 0;
    if (item.score < threshold || kept.length >= request.topK) {
      break;
    }
    if (request.scope === 'episode' || count < PER_EPISODE) {
      perEpisode.set(id, count + 1);
      kept.push(item);
    }
  }
  return kept;
}

function inScope(request: AskRequest, episode: Candidate['episode']): boolean {
  const id = episode.episode_id ?? '';
  return (
    (request.episodeIds === undefined || request.episodeIds.includes(id)) &&
    (request.feed === undefined || episode.feed_id === request.feed) &&
    (request.since === undefined || (episode.publish_date ?? '') >= request.since)
  );
}

/** A passage for an insight no hit reached: the other side of a claim. */
async function passageOfInsight(deps: AskDeps, request: AskRequest, insightId: string) {
  const episode = await deps.corpus.episodeOfInsight(insightId);
  if (episode === undefined || !inScope(request, episode)) {
    return undefined;
  }
  const candidate: Candidate = {
    key: `${episode.episode_id}|${insightId}`,
    episode,
    graph: (await deps.corpus.layersOf([episode])).graphOf(episode),
    insightId,
    matchedQuoteIds: [],
    fused: 0,
    bestRank: Number.MAX_SAFE_INTEGER,
  };
  return passageOf(candidate, await deps.transcripts(episode), questionTerms(request.question));
}

/**
 * The other side of each shown claim the corpus records a contradiction
 * of, placed right after it (moved up when it was shown further down).
 * Only episodes inside the scope are read, so a library answer never
 * reaches outside the listener's library.
 */
async function withOtherSides(
  deps: AskDeps,
  request: AskRequest,
  kept: readonly Ranked[],
  weights: TermWeights,
): Promise<{ item: Ranked; contradicts: string | null }[]> {
  const byInsight = new Map(kept.map((k) => [k.passage.insight?.id, k]));
  const placed = new Set<Ranked>();
  const terms = questionTerms(request.question);
  const out: { item: Ranked; contradicts: string | null }[] = [];
  for (const item of kept) {
    if (placed.has(item)) {
      continue;
    }
    placed.add(item);
    out.push({ item, contradicts: null });
    const claim = item.passage.insight?.id;
    for (const other of (claim && deps.contradictions.get(claim)) || []) {
      const shown = byInsight.get(other);
      if (shown !== undefined && placed.has(shown)) {
        continue;
      }
      const passage = shown?.passage ?? (await passageOfInsight(deps, request, other));
      if (passage) {
        // No hit reached it: scored on its words alone, below the line it may well be.
        const own = () => extractiveScore(passage, terms, weights, Number.POSITIVE_INFINITY);
        const side = shown ?? { passage, score: own() };
        placed.add(side);
        out.push({ item: side, contradicts: claim ?? null });
      }
    }
  }
  return out;
}

function abstained(
  request: AskRequest,
  queryType: AskAnswer['query_type'],
  reason: NonNullable<AskAnswer['reason']>,
): AskAnswer {
  return {
    status: 'abstained',
    reason,
    query_type: queryType,
    scope: request.scope,
    evidence: [],
    summary: null,
  };
}

/**
 * Answers a question with evidence only: the hybrid index's insight, quote
 * and segment hits grouped by insight, each as one verbatim quote checked
 * against its transcript, reranked, and cut at the threshold. Abstains
 * (never throws) without an index or without evidence above the line.
 */
export async function ask(deps: AskDeps, request: AskRequest): Promise<AskAnswer> {
  const outcome = await deps.search({
    q: request.question,
    topK: HITS,
    depth: DEPTH,
    dedupeKgSurfaces: false,
    hitTypes: EVIDENCE_DOC_TYPES,
    ...(request.feed === undefined ? {} : { feed: request.feed }),
    ...(request.since === undefined ? {} : { since: request.since }),
    ...(request.speaker === undefined ? {} : { speaker: request.speaker }),
    ...(request.episodeIds === undefined ? {} : { episodeIds: request.episodeIds }),
  });
  if (outcome.status !== 'ok') {
    const reason = outcome.status === 'no_index' ? 'no_index' : 'embedding_model_mismatch';
    return abstained(request, outcome.query_type, reason);
  }
  const episodes = await deps.corpus.episodesByIds([
    ...new Set(outcome.hits.map((hit) => hit.episode_id)),
  ]);
  const layers = await deps.corpus.layersOf([...new Set(episodes.values())]);
  const candidates = candidatesOf(episodes, layers, outcome.hits).slice(0, CANDIDATES);
  if (candidates.length === 0) {
    return abstained(request, outcome.query_type, 'no_evidence');
  }
  const weights = await deps.corpus.termWeights(questionTerms(request.question));
  const { ranked, threshold } = await rankedPassages(deps, request, candidates, weights);
  const kept = selected(ranked, request, threshold);
  if (kept.length === 0) {
    return abstained(request, outcome.query_type, 'below_threshold');
  }
  const shown = await withOtherSides(deps, request, kept, weights);
  // An other side's episode may be one no hit reached.
  const shownLayers = await deps.corpus.layersOf([
    ...new Set(shown.map(({ item }) => item.passage.candidate.episode)),
  ]);
  const evidence: AskEvidence[] = shown.map(({ item, contradicts }, i) =>
    evidenceOf(shownLayers, item.passage, i + 1, item.score, contradicts),
  );
  const summary = deps.summarize ? await deps.summarize(request.question, evidence) : null;
  return {
    status: 'answered',
    reason: null,
    query_type: outcome.query_type,
    scope: request.scope,
    evidence,
    summary,
  };
}
