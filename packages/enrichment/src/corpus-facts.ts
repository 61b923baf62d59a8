import {
  type CorpusSnapshot,
  type EpisodeRecord,
  type NormalizedGraph,
  type NormalizedKg,
  pagesWithLayers,
} from '@podcast/corpus';
import type { EpisodeFacts, InsightFact, PersonRef } from './facts.js';

/** The enrichers' view of every deduplicated episode of a snapshot. */
export function factsOfSnapshot(snapshot: CorpusSnapshot): EpisodeFacts[] {
  return snapshot.episodes.map((episode) =>
    factsOfEpisode(episode, snapshot.graphOf(episode), snapshot.kgOf(episode)),
  );
}

/**
 * The same view from a catalog read a page at a time, in catalog order
 * (the corpus index's), with each page's GI and KG: only the facts are
 * held, never a projection of the corpus.
 */
export async function factsOfCatalog(
  pages: AsyncIterable<readonly EpisodeRecord[]>,
  root: string,
): Promise<EpisodeFacts[]> {
  const facts: EpisodeFacts[] = [];
  for await (const { page, layers } of pagesWithLayers(root, pages, ['gi', 'kg'])) {
    for (const episode of page) {
      facts.push(factsOfEpisode(episode, layers.graphOf(episode), layers.kgOf(episode)));
    }
  }
  return facts;
}

export function factsOfEpisode(
  episode: EpisodeRecord,
  graph: NormalizedGraph | undefined,
  kg: NormalizedKg | undefined,
): EpisodeFacts {
  const published = episode.publish_date === null ? Number.NaN : Date.parse(episode.publish_date);
  return {
    episodeId: episode.episode_id ?? episode.slug,
    publishedMs: Number.isFinite(published) ? published : null,
    durationSeconds: episode.duration_seconds,
    topicIds: [...new Set((kg?.topics ?? []).map((topic) => topic.id))],
    topicLabels: Object.fromEntries((kg?.topics ?? []).map((topic) => [topic.id, topic.label])),
    // People heard in the episode: hosts and guests, not people only mentioned.
    people: (kg?.persons ?? [])
      .filter((person) => !person.hidden && person.role !== 'mentioned')
      .map((person) => ({ id: person.id, name: person.name })),
    insights: graph === undefined ? [] : insightFacts(graph, episode.duration_seconds),
    metadataRelpath: episode.metadata_relpath,
    stem: episode.stem,
  };
}

function insightFacts(graph: NormalizedGraph, durationSeconds: number | null): InsightFact[] {
  const quotes = new Map(graph.quotes.map((quote) => [quote.id, quote]));
  const persons = new Map(graph.persons.filter((p) => !p.hidden).map((p) => [p.id, p]));
  return graph.insights.map((insight) => {
    const supporting = insight.quoteIds.flatMap((id) => {
      const quote = quotes.get(id);
      return quote === undefined ? [] : [quote];
    });
    const speakers = new Map<string, PersonRef>();
    for (const quote of supporting) {
      const person = quote.speaker_id === null ? undefined : persons.get(quote.speaker_id);
      if (person !== undefined) {
        speakers.set(person.id, { id: person.id, name: person.name });
      }
    }
    const startMs = supporting.find((q) => q.timestamp_start_ms !== undefined)?.timestamp_start_ms;
    const position =
      insight.position_hint ??
      (startMs !== undefined && durationSeconds !== null && durationSeconds > 0
        ? Math.min(1, startMs / (durationSeconds * 1000))
        : undefined);
    return {
      id: insight.id,
      text: insight.text,
      grounded: insight.grounded,
      ...(position === undefined ? {} : { position }),
      speakers: [...speakers.values()],
      topicIds: [...insight.topicIds],
    };
  });
}
