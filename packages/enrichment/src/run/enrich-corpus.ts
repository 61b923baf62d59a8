import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createCorpusRegistry } from '@podcast/corpus';
import { withLockFile } from '@podcast/runtime';
import type { Logger } from 'pino';
import { evaluationsDir } from '../accuracy/evaluations.js';
import { admit, type Selection } from '../config/admission.js';
import {
  InvalidEnrichmentConfig,
  knobProblems,
  loadEnrichmentConfig,
} from '../config/load-config.js';
import { factsOfSnapshot } from '../corpus-facts.js';
import type { EpisodeFacts } from '../facts.js';
import type { EnricherRegistry } from '../registry.js';
import { readHealth } from '../resilience/health-store.js';
import { type RunDeps, runEnrichment } from './executor.js';
import type { RunSummary } from './run-files.js';

export interface EnrichCorpusRequest {
  corpusRoot: string;
  profile?: string;
  configText?: string;
  selection: Selection;
  jobId: string | null;
  parentRunId: string | null;
  evalRoot?: string;
}

/** What a run needs (RunDeps less the episodes, which are read here) plus the registry and a logger. */
export type EnrichCorpusDeps = Omit<RunDeps, 'episodes'> & {
  registry: EnricherRegistry;
  logger: Logger;
  /**
   * Reads every catalog episode's facts (from the corpus index the APIs
   * share, say); by default from a snapshot of the corpus loaded for the run.
   */
  readFacts?: (corpusRoot: string) => Promise<EpisodeFacts[]>;
};

/** Another run holds the corpus (its lock names a live process). */
export class RunInProgress extends Error {}

/**
 * The whole `enrich` command: configuration (profile, then the operator
 * block), admission, the corpus read once into facts, and the run, under
 * a lock file so two runs never write one corpus at once. A lock left by a
 * process that died is taken over.
 */
export async function enrichCorpus(
  request: EnrichCorpusRequest,
  deps: EnrichCorpusDeps,
): Promise<{ summary: RunSummary; hints: string[] }> {
  const { readFacts, ...runDeps } = deps;
  const view = await loadEnrichmentConfig({
    corpusRoot: request.corpusRoot,
    ...(request.profile === undefined ? {} : { profile: request.profile }),
    ...(request.configText === undefined ? {} : { configText: request.configText }),
  });
  const problems = knobProblems(
    view.resolved_block,
    (id) => deps.registry.get(id)?.manifest.config_schema,
  );
  if (problems.length > 0) {
    throw new InvalidEnrichmentConfig(problems);
  }
  const admission = await admit({
    block: view.resolved_block,
    selection: request.selection,
    registry: deps.registry,
    health: await readHealth(request.corpusRoot),
    evalRoot: request.evalRoot ?? evaluationsDir(request.corpusRoot),
  });
  const lockDir = join(request.corpusRoot, 'enrichments');
  await mkdir(lockDir, { recursive: true });
  try {
    return await withLockFile(
      join(lockDir, '.run'),
      async () => {
        const episodes =
          readFacts === undefined
            ? await snapshotFacts(request.corpusRoot, deps.logger)
            : await readFacts(request.corpusRoot);
        const summary = await runEnrichment(
          {
            corpusRoot: request.corpusRoot,
            profile: view.profile,
            parentRunId: request.parentRunId,
            jobId: request.jobId,
            admitted: admission.admitted,
            excluded: admission.excluded,
            maxTotalCostUsd: view.resolved_block.max_total_cost_usd_per_run ?? null,
            failOnRunCostCap: view.resolved_block.fail_on_run_cost_cap ?? false,
          },
          { episodes, ...runDeps },
        );
        return { summary, hints: admission.hints };
      },
      { waitMs: 0, staleMs: Number.POSITIVE_INFINITY },
    );
  } catch (err) {
    if (err instanceof Error && /is held by another process/.test(err.message)) {
      throw new RunInProgress('another enrichment run holds this corpus');
    }
    throw err;
  }
}

/** Every catalog episode's facts, from a snapshot of the corpus loaded for the run. */
export async function snapshotFacts(corpusRoot: string, logger: Logger) {
  const corpus = createCorpusRegistry({ logger, watch: false, pinned: [corpusRoot] });
  try {
    return factsOfSnapshot(await corpus.get(corpusRoot));
  } finally {
    corpus.close();
  }
}
