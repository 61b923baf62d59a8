import { buildEnrichmentFiles } from './corpus-enrichment-files.js';
import type { EpisodeFacts } from './corpus-facts.js';
import type { CostLedger } from './costs.js';
import type { OutputFile } from './episode-files.js';
import { toJson } from './json-text.js';
import type { CorpusPlan } from './plan-types.js';
import { buildQueryLog } from './query-log.js';
import { buildCorpusManifest, buildCorpusRunSummary, buildFeedsSpec } from './root-documents.js';
import { buildTopicClusters } from './topic-clusters.js';

/** Root documents, search side files and corpus-scope enrichments; all stamped with the finish time. */
export function buildCorpusFiles(
  plan: CorpusPlan,
  facts: readonly EpisodeFacts[],
  ledger: CostLedger,
): OutputFile[] {
  const lastRunEndMs = Math.max(
    ...plan.feeds.flatMap((f) => f.runs.map((r) => r.createdAtMs + r.durationSeconds * 1000)),
  );
  return [
    { relpath: 'corpus_manifest.json', content: toJson(buildCorpusManifest(plan, ledger)) },
    { relpath: 'corpus_run_summary.json', content: toJson(buildCorpusRunSummary(plan, ledger)) },
    { relpath: 'feeds.spec.yaml', content: buildFeedsSpec(plan) },
    { relpath: 'search/query_log.jsonl', content: buildQueryLog(plan.seed, plan.finishedAtMs) },
    {
      relpath: 'search/topic_clusters.json',
      content: toJson(buildTopicClusters(plan.seed, facts)),
    },
    ...buildEnrichmentFiles(plan, facts, lastRunEndMs),
  ];
}
