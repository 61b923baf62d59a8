import { type AnyRoute, type RouteGroup, routeGroup } from '@podcast/http-kit';
import type { ViewerCtx } from '../context.js';
import type { ViewerConfig } from '../env.js';
import { getArtifact } from './artifacts/get-artifact.js';
import { listArtifacts } from './artifacts/list-artifacts.js';
import { getCorpusCoverage } from './corpus-browse/get-corpus-coverage.js';
import { getCorpusEnrichment } from './corpus-browse/get-corpus-enrichment.js';
import { getCorpusEpisodeDetail } from './corpus-browse/get-corpus-episode-detail.js';
import { getCorpusManifest } from './corpus-browse/get-corpus-manifest.js';
import { getCorpusRunSummary } from './corpus-browse/get-corpus-run-summary.js';
import { getCorpusStats } from './corpus-browse/get-corpus-stats.js';
import { getEpisodeEnrichment } from './corpus-browse/get-episode-enrichment.js';
import { getQueryActivity } from './corpus-browse/get-query-activity.js';
import { getRunsSummary } from './corpus-browse/get-runs-summary.js';
import { listCorpusEnrichments } from './corpus-browse/list-corpus-enrichments.js';
import { listCorpusEpisodes } from './corpus-browse/list-corpus-episodes.js';
import { listCorpusFeeds } from './corpus-browse/list-corpus-feeds.js';
import { listNodeEpisodes } from './corpus-browse/list-node-episodes.js';
import { listTopPersons } from './corpus-browse/list-top-persons.js';
import { resolveEpisodeArtifactsRoute } from './corpus-browse/resolve-episode-artifacts.js';
import { getCorpusDigest } from './corpus-digest/get-corpus-digest.js';
import { getBinary } from './corpus-files/get-binary.js';
import { getMedia } from './corpus-files/get-media.js';
import { getTextFile } from './corpus-files/get-text-file.js';
import { getFeedSignals } from './corpus-graph/get-feed-signals.js';
import { getCorpusStorylines } from './corpus-graph/get-storylines.js';
import { getTopicClusters } from './corpus-graph/get-topic-clusters.js';
import { getCorpusTrending } from './corpus-graph/get-trending.js';
import { deleteCorpusEpisode } from './corpus-rollback/delete-corpus-episode.js';
import { deleteCorpusRun } from './corpus-rollback/delete-corpus-run.js';
import { listCorpusTrash } from './corpus-rollback/list-corpus-trash.js';
import { restoreCorpusTrash } from './corpus-rollback/restore-corpus-trash.js';
import { getCorpusDebug } from './debug/get-corpus-debug.js';
import { enrichmentRoutes } from './enrichment/enrichment-routes.js';
import { exploreCorpus } from './explore/explore-corpus.js';
import { getConversationArc } from './graph-queries/get-conversation-arc.js';
import { getPersonBrief } from './graph-queries/get-person-brief.js';
import { getPersonPositions } from './graph-queries/get-person-positions.js';
import { getPersonTopics } from './graph-queries/get-person-topics.js';
import { getPerspectiveLeaders } from './graph-queries/get-perspective-leaders.js';
import { getTopicPersons } from './graph-queries/get-topic-persons.js';
import { getTopicPerspectives } from './graph-queries/get-topic-perspectives.js';
import { getTopicTimeline } from './graph-queries/get-topic-timeline.js';
import { postTopicsTimeline } from './graph-queries/post-topics-timeline.js';
import { getHealth } from './health/get-health.js';
import { getIndexStats } from './index-admin/get-index-stats.js';
import { getIndexTimeseries } from './index-admin/get-index-timeseries.js';
import { rebuildIndex } from './index-admin/rebuild-index.js';
import { rebuildTopicClusters } from './index-admin/rebuild-topic-clusters.js';
import { behindJobsApiFlag } from './jobs/jobs-api-flag.js';
import { jobsRoutes } from './jobs/jobs-routes.js';
import { getFeeds } from './operator/get-feeds.js';
import { getOperatorConfig } from './operator/get-operator-config.js';
import { listOperatorProfiles } from './operator/list-operator-profiles.js';
import { putFeeds } from './operator/put-feeds.js';
import { putOperatorConfig } from './operator/put-operator-config.js';
import { getOpsSummary } from './ops/get-ops-summary.js';
import { getResilience } from './ops/get-resilience.js';
import { getUsage } from './ops/get-usage.js';
import { resetResilience } from './ops/reset-resilience.js';
import { relationalCoSpeakers } from './relational/relational-co-speakers.js';
import { relationalCrossShow } from './relational/relational-cross-show.js';
import { relationalEntitiesIn } from './relational/relational-entities-in.js';
import { relationalEpisodeInsights } from './relational/relational-episode-insights.js';
import { relationalEpisodes } from './relational/relational-episodes.js';
import { relationalInsightDetail } from './relational/relational-insight-detail.js';
import { relationalInsightsAbout } from './relational/relational-insights-about.js';
import { relationalPositions } from './relational/relational-positions.js';
import { relationalRelatedInsights } from './relational/relational-related-insights.js';
import { relationalRelatedTopics } from './relational/relational-related-topics.js';
import { relationalTopicEntities } from './relational/relational-topic-entities.js';
import { relationalTopics } from './relational/relational-topics.js';
import { relationalWhoSaid } from './relational/relational-who-said.js';
import { askCorpus } from './search/ask-corpus.js';
import { compareSearchSubjects } from './search/compare-subjects.js';
import { listSimilarEpisodes } from './search/list-similar-episodes.js';
import { searchCorpus } from './search/search-corpus.js';

/** Every viewer route, top to bottom. */
export const viewerRoutes: AnyRoute<ViewerCtx>[] = [
  getHealth,
  listArtifacts,
  getArtifact,
  getFeeds,
  putFeeds,
  getOperatorConfig,
  putOperatorConfig,
  listOperatorProfiles,
  listCorpusFeeds,
  listCorpusEpisodes,
  getCorpusEpisodeDetail,
  getCorpusStats,
  getCorpusCoverage,
  listTopPersons,
  resolveEpisodeArtifactsRoute,
  listNodeEpisodes,
  getQueryActivity,
  getRunsSummary,
  getCorpusManifest,
  getCorpusRunSummary,
  listCorpusEnrichments,
  getCorpusEnrichment,
  getEpisodeEnrichment,
  getCorpusDigest,
  getTopicClusters,
  getCorpusStorylines,
  getCorpusTrending,
  getFeedSignals,
  getTextFile,
  getBinary,
  getMedia,
  getCorpusDebug,
  getIndexStats,
  rebuildIndex,
  rebuildTopicClusters,
  getIndexTimeseries,
  searchCorpus,
  askCorpus,
  compareSearchSubjects,
  listSimilarEpisodes,
  exploreCorpus,
  relationalPositions,
  relationalInsightsAbout,
  relationalEntitiesIn,
  relationalTopicEntities,
  relationalEpisodes,
  relationalRelatedInsights,
  relationalEpisodeInsights,
  relationalInsightDetail,
  relationalTopics,
  relationalCoSpeakers,
  relationalRelatedTopics,
  relationalWhoSaid,
  relationalCrossShow,
  getPersonPositions,
  getPersonBrief,
  getPersonTopics,
  getPerspectiveLeaders,
  postTopicsTimeline,
  getTopicTimeline,
  getConversationArc,
  getTopicPersons,
  getTopicPerspectives,
  deleteCorpusRun,
  deleteCorpusEpisode,
  listCorpusTrash,
  restoreCorpusTrash,
  getOpsSummary,
  getResilience,
  resetResilience,
  getUsage,
];

/**
 * Routes mounted together; a group with `mountIf` is mounted only when the
 * config allows it (the jobs routes need REDIS_URL). Health flags derive from what is mounted (capabilities.ts).
 * Every route of the jobs group also answers 500 while JOBS_API_ENABLED is false (spec 03).
 */
export const viewerRouteGroups: RouteGroup<ViewerCtx, ViewerConfig>[] = [
  routeGroup({ name: 'viewer', routes: viewerRoutes }),
  routeGroup({
    name: 'jobs',
    routes: [...jobsRoutes, ...enrichmentRoutes].map(behindJobsApiFlag),
    mountIf: (config) => config.redisUrl !== undefined,
  }),
];
