import { NotFound } from '@podcast/contracts';
import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';

/** The episode a slug names; NotFound (404) when the corpus lacks it. */
export function getEpisode(snapshot: CorpusSnapshot, slug: string): EpisodeRecord {
  const episode = snapshot.findEpisodeBySlug(slug);
  if (episode === undefined) {
    throw new NotFound(`no episode with slug ${slug}`);
  }
  return episode;
}
