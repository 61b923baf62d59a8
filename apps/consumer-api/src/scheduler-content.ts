import type { CorpusRegistry } from '@podcast/corpus';
import { builtView, type CorpusIndex } from '@podcast/corpus-index';
import { type CorpusContent, contentOfIndex, contentOfSnapshot } from '@podcast/notifications';

// A tick waits for a first build this long; the next hour's tick tries again.
const FIRST_BUILD_WAIT_MS = 30 * 60_000;

/**
 * What the notification tick reads of the corpus: the corpus index's tables
 * when it is on, else the loaded snapshot. Either is read only by the
 * replica that takes the tick's lock.
 */
export function schedulerContentOf(
  corpus: CorpusRegistry,
  corpusDir: string,
  index: CorpusIndex | undefined,
): CorpusContent {
  if (index === undefined) {
    return contentOfSnapshot(() => corpus.warm(corpusDir));
  }
  return contentOfIndex(
    async () => (await builtView(index, FIRST_BUILD_WAIT_MS)).db,
    corpus.at(corpusDir),
  );
}
