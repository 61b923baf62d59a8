import type { CorpusPlace } from '../caches/corpus-caches.js';
import { readThemeClusters, readTopicClusters } from '../clusters/cluster-files.js';
import type { UnknownRecord } from '../readers/lenient-values.js';
import {
  NO_TOPIC_OVERLAYS,
  storylinesByTopic,
  type TopicGroup,
  type TopicOverlays,
  themesByTopic,
} from './topic-overlays.js';

export { THEME_CLUSTERS_RELPATH, TOPIC_CLUSTERS_RELPATH } from '../clusters/cluster-files.js';

type Build = (document: UnknownRecord | undefined) => Map<string, TopicGroup>;

// The readers return the same parsed object until a file changes, so an
// index keyed by that object is rebuilt exactly once per file version.
const indexes = new WeakMap<UnknownRecord, ReadonlyMap<string, TopicGroup>>();

function indexOf(document: UnknownRecord | undefined, build: Build) {
  if (document === undefined) {
    return NO_TOPIC_OVERLAYS.themes;
  }
  const index = indexes.get(document) ?? build(document);
  indexes.set(document, index);
  return index;
}

/**
 * The theme and storyline of every clustered topic of the corpus at `place`,
 * read exactly as /api/app/themes and /api/app/storylines read them: a
 * missing, corrupt or non-ok file (or one behind a symlink leading out)
 * contributes nothing, so an overlay never names a cluster those lists hide.
 */
export async function loadTopicOverlays(place: CorpusPlace): Promise<TopicOverlays> {
  const [topicClusters, themeClusters] = await Promise.all([
    readTopicClusters(place),
    readThemeClusters(place),
  ]);
  return {
    themes: indexOf(
      topicClusters.state === 'ok' ? topicClusters.artifact : undefined,
      themesByTopic,
    ),
    storylines: indexOf(themeClusters, storylinesByTopic),
  };
}
