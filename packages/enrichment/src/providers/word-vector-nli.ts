import { dot, type TextEmbedder } from '../enrichers/topic-similarity/topic-similarity.js';

/** Scores of one (premise, hypothesis) pair, summing to 1, as an NliScorer answers them. */
export interface PairScores {
  entailment: number;
  neutral: number;
  contradiction: number;
}

const NEGATIONS = new Set(
  'not no never none nobody nothing neither nor without cannot hardly rarely barely seldom'.split(
    ' ',
  ),
);

/** Pairs of words whose swap between two otherwise alike claims turns agreement into conflict. */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['increase', 'decrease'],
  ['increases', 'decreases'],
  ['rise', 'fall'],
  ['rises', 'falls'],
  ['more', 'less'],
  ['higher', 'lower'],
  ['better', 'worse'],
  ['good', 'bad'],
  ['safe', 'dangerous'],
  ['true', 'false'],
  ['agree', 'disagree'],
  ['support', 'oppose'],
  ['success', 'failure'],
  ['effective', 'ineffective'],
  ['possible', 'impossible'],
  ['strong', 'weak'],
  ['cheap', 'expensive'],
  ['helps', 'hurts'],
  ['growth', 'decline'],
];

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
}

function isNegated(words: readonly string[]): boolean {
  const count = words.filter((w) => NEGATIONS.has(w) || w.endsWith("n't")).length;
  return count % 2 === 1;
}

function hasOpposites(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return OPPOSITES.some(
    ([x, y]) => (a.has(x) && b.has(y) && !a.has(y)) || (a.has(y) && b.has(x) && !a.has(x)),
  );
}

/**
 * Entailment and contradiction estimated without a model: how alike the
 * two texts mean (cosine of their word-vector embeddings), and whether one
 * turns the other around (a negation on one side only, or a pair of
 * opposites such as rise and fall; both together cancel). Alike and turned
 * around reads as contradiction, alike and not as entailment. A rough
 * scorer: topic_consensus, its user, is accuracy-gated, so it runs only
 * once an evaluation of its output has been recorded.
 */
export function scoreByWordVectors(similarity: number, premise: string, hypothesis: string) {
  const a = wordsOf(premise);
  const b = wordsOf(hypothesis);
  const sim = Math.min(1, Math.max(0, similarity));
  const conflict = (isNegated(a) !== isNegated(b)) !== hasOpposites(new Set(a), new Set(b));
  const contradiction = conflict ? sim : (1 - sim) * 0.1;
  const entailment = conflict ? (1 - sim) * 0.2 : sim;
  return { entailment, neutral: 1 - entailment - contradiction, contradiction };
}

/** The `word_vector_nli` provider: an NliScorer over an embedder of unit vectors. */
export function wordVectorNliScorer(embedder: TextEmbedder) {
  return {
    kind: 'word_vector_nli' as const,
    score: async (pairs: readonly (readonly [string, string])[]): Promise<PairScores[]> => {
      const vectors = await embedder.embed(pairs.flat());
      return pairs.map(([premise, hypothesis], i) =>
        scoreByWordVectors(
          dot(vectors[2 * i] as Float32Array, vectors[2 * i + 1] as Float32Array),
          premise,
          hypothesis,
        ),
      );
    },
  };
}
