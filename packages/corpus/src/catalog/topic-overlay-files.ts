import type { CorpusPlace } from '../caches/corpus-caches.js';
import type { DerivedValues } from '../caches/derived-values.js';
import { readThemeClustersFile, readTopicClusters } from '../clusters/cluster-files.js';
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

const THEMES = Symbol('themes_by_topic');
const STORYLINES = Symbol('storylines_by_topic');

// The readers return the same parsed file until it changes, so an index kept
// with it is built exactly once per file version.
function indexOf(
  file: { document: UnknownRecord; derived: DerivedValues } | undefined,
  key: symbol,
  build: Build,
): ReadonlyMap<string, TopicGroup> {
  if (file === undefined) {
    return NO_TOPIC_OVERLAYS.themes;
  }
  return file.derived.derive(key, () => build(file.document));
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
    readThemeClustersFile(place),
  ]);
  return {
    themes: indexOf(
      topicClusters.state === 'ok'
        ? { document: topicClusters.artifact, derived: topicClusters.derived }
        : undefined,
      THEMES,
      themesByTopic,
    ),
    storylines: indexOf(
      themeClusters && { document: themeClusters.data, derived: themeClusters.derived },
      STORYLINES,
      storylinesByTopic,
    ),
  };
}
