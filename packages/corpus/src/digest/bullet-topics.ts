import type { LabeledId } from './episode-signals.js';
import { containsWords, normalizeWords } from './label-match.js';

/**
 * For each bullet, the id of the episode topic whose label the bullet
 * contains, else null. The longest label wins ("urban flooding" over
 * "flooding"); equal lengths keep the topic listed first. Only graph topic
 * ids (`topic:`) qualify because clients link them into the graph.
 */
export function matchBulletTopics(
  bullets: readonly string[],
  topics: readonly LabeledId[],
): (string | null)[] {
  const candidates = topics
    .filter((topic) => topic.id.startsWith('topic:'))
    .map((topic) => ({ id: topic.id, words: normalizeWords(topic.label) }))
    .filter((topic) => topic.words !== '');
  return bullets.map((bullet) => {
    const words = normalizeWords(bullet);
    let best: { id: string; words: string } | undefined;
    for (const topic of candidates) {
      if (containsWords(words, topic.words) && topic.words.length > (best?.words.length ?? 0)) {
        best = topic;
      }
    }
    return best?.id ?? null;
  });
}
