import { resolve } from 'node:path';
import { EpisodeFactsCollector, factsOf } from './corpus-facts.js';
import { buildCorpusFiles } from './corpus-files.js';
import { buildCorpusReadme } from './corpus-readme.js';
import { type CorpusWriter, createCorpusWriter, prepareOutputDir } from './corpus-writer.js';
import { CostLedger, episodeCosts } from './costs.js';
import { buildEpisodeContext, buildEpisodeFiles, type EpisodeArtifacts } from './episode-files.js';
import type { GeneratedCorpusSummary, MissingEntry } from './generated-summary.js';
import { type GenerateCorpusOptions, resolvePlanOptions } from './generator-options.js';
import { toJson } from './json-text.js';
import { episodeStem, joinRel, runRelDir } from './naming.js';
import { planCorpus } from './plan-corpus.js';
import type { CorpusPlan, FeedPlan, RunPlan } from './plan-types.js';
import { createRng, deriveSeed } from './prng.js';
import { buildRunJson, type RunCounts } from './root-documents.js';

interface EpisodeTotals {
  facts: EpisodeFactsCollector;
  ledger: CostLedger;
  strictGiFiles: string[];
  metadataFiles: number;
}

interface RunTally {
  counts: RunCounts;
  costMicros: number;
}

async function writeArt(plan: CorpusPlan, writer: CorpusWriter): Promise<string[]> {
  const images = new Map<string, { bytes: Uint8Array; mtimeMs: number }>();
  for (const feed of plan.feeds) {
    const mtimeMs = feed.runs[0]?.createdAtMs ?? plan.finishedAtMs;
    for (const art of [feed.art, ...feed.episodes.map((e) => e.art)]) {
      if (art && !images.has(art.relpath)) {
        images.set(art.relpath, { bytes: art.bytes, mtimeMs });
      }
    }
  }
  for (const [relpath, image] of images) {
    await writer.write(relpath, image.bytes, image.mtimeMs);
  }
  return [...images.keys()];
}

/** Adds one written episode to the corpus totals and to its run's counts and cost. */
function tallyEpisode(
  totals: EpisodeTotals,
  run: RunTally,
  artifacts: EpisodeArtifacts,
  dir: string,
): void {
  const { episode, feed, stem, transcript } = artifacts.context;
  const hasSummary = !episode.missing.includes('no_summary');
  const costRng = createRng(deriveSeed(episode.seed, 'cost', artifacts.context.run.runId));
  const costs = episodeCosts(costRng, transcript.durationSeconds, {
    hasGi: artifacts.hasGi,
    hasKg: artifacts.hasKg,
    hasSummary,
  });
  totals.ledger.add(feed.index, costs);
  totals.facts.add(factsOf(artifacts));
  totals.metadataFiles += 1;
  if (artifacts.hasGi && episode.giForm === 'strict') {
    totals.strictGiFiles.push(joinRel(dir, `metadata/${stem}.gi.json`));
  }
  run.costMicros += Object.values(costs).reduce((a, b) => a + b, 0);
  run.counts.episodes += 1;
  run.counts.transcripts += episode.missing.includes('no_transcript') ? 0 : 1;
  run.counts.gi += artifacts.hasGi ? 1 : 0;
  run.counts.kg += artifacts.hasKg ? 1 : 0;
  run.counts.summaries += hasSummary ? 1 : 0;
}

async function writeRun(
  plan: CorpusPlan,
  feed: FeedPlan,
  run: RunPlan,
  writer: CorpusWriter,
  totals: EpisodeTotals,
): Promise<void> {
  const dir = runRelDir(feed, run);
  const tally: RunTally = {
    counts: { episodes: 0, transcripts: 0, gi: 0, kg: 0, summaries: 0 },
    costMicros: 0,
  };
  for (const [position, episode] of run.episodes.entries()) {
    const artifacts = buildEpisodeFiles(buildEpisodeContext(plan, feed, run, episode, position));
    const files = artifacts.files.map((file) => ({ ...file, relpath: joinRel(dir, file.relpath) }));
    await writer.writeAll(files, artifacts.context.processedAtMs);
    tallyEpisode(totals, tally, artifacts, dir);
  }
  if (dir !== '') {
    const runJson = buildRunJson(feed, run, tally.counts, tally.costMicros / 1_000_000);
    await writer.write(
      `${dir}/run.json`,
      toJson(runJson),
      run.createdAtMs + run.durationSeconds * 1000,
    );
  }
}

function missingEntries(plan: CorpusPlan): MissingEntry[] {
  return plan.feeds.flatMap((feed) =>
    feed.runs.flatMap((run) =>
      run.episodes.flatMap((episode) =>
        episode.missing.map((kind) => ({
          kind,
          feed_title: feed.title,
          episode_title: episode.title,
          episode_id: episode.episodeId,
          metadata_relpath: joinRel(
            runRelDir(feed, run),
            `metadata/${episodeStem(episode, run)}.metadata.json`,
          ),
        })),
      ),
    ),
  );
}

/** The command line that reproduces these options, without the output folder (so the README does not depend on it). */
export function describeCommand(options: GenerateCorpusOptions, seed: number): string {
  const parts = ['pnpm corpus:generate', `--feeds ${options.feeds}`];
  parts.push(
    options.totalEpisodes === undefined
      ? `--episodes ${options.episodesPerFeed}`
      : `--total ${options.totalEpisodes}`,
  );
  parts.push(`--seed ${seed}`);
  if (options.transcriptLines !== undefined) {
    parts.push(`--transcript-lines ${options.transcriptLines}`);
  }
  if (options.layout === 'flat') {
    parts.push('--layout flat');
  }
  if (options.baseDate !== undefined) {
    parts.push(`--base-date ${options.baseDate}`);
  }
  return `${parts.join(' ')} --out <dir>`;
}

function summarize(
  plan: CorpusPlan,
  totals: EpisodeTotals,
  artFiles: string[],
): Omit<GeneratedCorpusSummary, 'out' | 'files' | 'bytes'> {
  return {
    feeds: plan.feeds.length,
    runs: plan.feeds.reduce((sum, f) => sum + f.runs.length, 0),
    episodes: totals.facts.list().length,
    metadataFiles: totals.metadataFiles,
    strictGiFiles: totals.strictGiFiles,
    duplicatedEpisodeIds: plan.feeds.flatMap((f) =>
      f.episodes.filter((e) => e.runCount > 1).map((e) => e.episodeId),
    ),
    missing: missingEntries(plan),
    artFiles,
  };
}

/**
 * Generates a corpus into `options.out`. Same options → byte-identical tree
 * with identical file and folder mtimes; nothing reads the clock, Math.random
 * or the locale.
 */
export async function generateCorpus(
  options: GenerateCorpusOptions,
): Promise<GeneratedCorpusSummary> {
  const planOptions = resolvePlanOptions(options);
  const out = resolve(options.out);
  prepareOutputDir(out, options.force ?? false, process.cwd());
  const plan = planCorpus(planOptions);
  const writer = createCorpusWriter(out);
  const artFiles = await writeArt(plan, writer);
  const totals: EpisodeTotals = {
    facts: new EpisodeFactsCollector(),
    ledger: new CostLedger(),
    strictGiFiles: [],
    metadataFiles: 0,
  };
  for (const feed of plan.feeds) {
    for (const run of feed.runs) {
      await writeRun(plan, feed, run, writer, totals);
    }
  }
  await writer.writeAll(
    buildCorpusFiles(plan, totals.facts.list(), totals.ledger),
    plan.finishedAtMs,
  );
  const summary = summarize(plan, totals, artFiles);
  await writer.write(
    'README.md',
    buildCorpusReadme(plan, summary, describeCommand(options, planOptions.seed)),
    plan.finishedAtMs,
  );
  await writer.finish(plan.finishedAtMs);
  return { out, ...summary, files: writer.stats.files, bytes: writer.stats.bytes };
}
