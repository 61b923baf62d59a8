import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';

/*
 * The requests whose answers are recorded over the generated answer corpus
 * (corpus-answers.test.ts): every GET route that reads the corpus, with
 * parameters taken from the corpus itself, so a change to how the corpus is
 * loaded or held is checked against what the routes answered before it.
 */

const q = encodeURIComponent;

/** Three episodes spread over the list (newest, middle, oldest) and one without a GI file. */
function sampledEpisodes(snapshot: CorpusSnapshot): EpisodeRecord[] {
  const list = snapshot.episodes;
  const picks = [list[0], list[Math.floor(list.length / 2)], list[list.length - 1]];
  picks.push(list.find((e) => !e.has_gi));
  return [...new Set(picks.filter((e): e is EpisodeRecord => e !== undefined))];
}

function listRequests(snapshot: CorpusSnapshot): string[] {
  const root = q(snapshot.root);
  const feed = snapshot.feeds[0]?.feed_id ?? '';
  return [
    '/api/health',
    '/api/feeds',
    '/api/corpus/feeds',
    '/api/corpus/episodes',
    '/api/corpus/episodes?limit=7',
    `/api/corpus/episodes?feed_id=${q(feed)}&limit=200`,
    '/api/corpus/episodes?q=jazz&limit=200',
    '/api/corpus/episodes?topic_q=sleep&limit=200',
    '/api/corpus/episodes?since=2026-10-01&limit=200',
    '/api/corpus/episodes?topic_cluster_only=true',
    '/api/corpus/stats',
    '/api/corpus/coverage',
    '/api/corpus/persons/top',
    '/api/corpus/persons/top?limit=50',
    '/api/corpus/query-activity',
    '/api/corpus/runs/summary',
    '/api/corpus/documents/manifest',
    '/api/corpus/documents/run-summary',
    '/api/corpus/enrichments',
    '/api/corpus/digest',
    '/api/corpus/digest?window=7d&compact=true',
    '/api/corpus/digest?window=1mo&include_topics=false&max_rows=50',
    '/api/corpus/digest?since=2026-09-01',
    '/api/corpus/topic-clusters',
    '/api/corpus/storylines',
    '/api/corpus/storylines?min_members=3',
    '/api/corpus/trending',
    '/api/corpus/trending?limit_per_kind=25',
    `/api/corpus/feed-signals?feed_id=${q(feed)}`,
    `/api/corpus/feed-signals?feed_id=${q(feed)}&top_k=3&max_episodes=5`,
    '/api/index/stats',
    '/api/index/timeseries',
    '/api/search?q=jazz',
    '/api/explore?q=jazz',
    '/api/explore?topic=sleep&sort_by=confidence&limit=20',
    '/api/topics/perspective-leaders',
    '/api/topics/perspective-leaders?limit=40',
    `/api/relational/episodes?podcast=${q(feed)}&k=100`,
    '/api/ops/summary',
    `/api/artifacts?path=${root}`,
    '/api/operator-config',
  ];
}

function episodeRequests(snapshot: CorpusSnapshot, episode: EpisodeRecord): string[] {
  const relpath = q(episode.metadata_relpath);
  const id = q(episode.episode_id ?? '');
  const requests = [
    `/api/corpus/episodes/detail?metadata_relpath=${relpath}`,
    `/api/corpus/episodes/similar?metadata_relpath=${relpath}`,
    `/api/corpus/episode/enrichments/grounding_rate?metadata_relpath=${relpath}`,
    `/api/relational/episode-insights?episode=${id}&k=100`,
    `/api/relational/topics?episode=${id}&k=100`,
    `/api/corpus/text-file?relpath=${relpath}`,
  ];
  for (const file of [episode.transcript_relpath, episode.gi_relpath, episode.kg_relpath]) {
    if (file !== null) {
      requests.push(
        `/api/corpus/text-file?relpath=${q(file)}`,
        `/api/artifacts/${file.split('/').map(q).join('/')}?path=${q(snapshot.root)}`,
      );
    }
  }
  if (episode.artwork_relpath !== null) {
    requests.push(`/api/corpus/binary?relpath=${q(episode.artwork_relpath)}`);
  }
  for (const insight of snapshot.graphOf(episode)?.insights.slice(0, 2) ?? []) {
    const ref = q(insight.id);
    requests.push(
      `/api/relational/insight-detail?insight=${ref}`,
      `/api/relational/entities-in?insight=${ref}&k=100`,
      `/api/relational/related-insights?insight=${ref}&k=100`,
    );
  }
  return requests;
}

function graphRequests(snapshot: CorpusSnapshot, episode: EpisodeRecord): string[] {
  const requests: string[] = [];
  for (const topic of snapshot.kgOf(episode)?.topics.slice(0, 2) ?? []) {
    const ref = q(topic.id);
    requests.push(
      `/api/topics/${ref}/timeline`,
      `/api/topics/${ref}/conversation-arc`,
      `/api/topics/${ref}/persons`,
      `/api/topics/${ref}/perspectives`,
      `/api/relational/topic-entities?topic=${ref}&k=100`,
      `/api/relational/related-topics?topic=${ref}&k=100`,
      `/api/relational/who-said?topic=${ref}&k=100`,
      `/api/relational/cross-show?topic=${ref}&k=100`,
    );
  }
  const topic = q(snapshot.kgOf(episode)?.topics[0]?.id ?? 'topic:none');
  for (const person of snapshot.graphOf(episode)?.persons.slice(0, 2) ?? []) {
    const ref = q(person.id);
    requests.push(
      `/api/persons/${ref}/brief`,
      `/api/persons/${ref}/topics`,
      `/api/persons/${ref}/positions?topic=${topic}`,
      `/api/relational/positions?person=${ref}&k=100`,
      `/api/relational/co-speakers?person=${ref}&k=100`,
    );
  }
  for (const entity of snapshot.kgOf(episode)?.orgs.slice(0, 1) ?? []) {
    requests.push(`/api/relational/insights-about?entity=${q(entity.id)}&k=100`);
  }
  return requests;
}

/** Every request recorded for the viewer, in a fixed order. */
export function viewerAnswerRequests(snapshot: CorpusSnapshot): string[] {
  const episodes = sampledEpisodes(snapshot);
  return [
    ...listRequests(snapshot),
    ...episodes.flatMap((episode) => episodeRequests(snapshot, episode)),
    ...episodes.flatMap((episode) => graphRequests(snapshot, episode)),
  ];
}
