import { renderAdfree } from './adfree.js';
import { buildBridge } from './bridge-artifact.js';
import type { EpisodeContext } from './episode-context.js';
import { buildInsightDensity, buildInsightSentiment } from './episode-enrichments.js';
import { buildMetadata } from './episode-metadata.js';
import { buildPipelineGi } from './gi-pipeline.js';
import { buildStrictGi } from './gi-strict.js';
import { extractInsights } from './insights.js';
import { toCompactJson, toJson, toJsonRows } from './json-text.js';
import { buildKg } from './kg-artifact.js';
import { episodeStem } from './naming.js';
import { figuresOf } from './people.js';
import type { CorpusPlan, EpisodePlan, FeedPlan, Person, RunPlan } from './plan-types.js';
import { createRng, deriveSeed } from './prng.js';
import { writeScript } from './script.js';
import { buildSummary } from './summary.js';
import { renderCleaned, renderTranscript } from './transcript.js';

export interface OutputFile {
  /** Relative to the run dir (or the corpus root in the flat layout). */
  relpath: string;
  content: string | Uint8Array;
}

/** The episode's content depends only on its own seed, so a re-run writes the same text. */
export function buildEpisodeContext(
  plan: CorpusPlan,
  feed: FeedPlan,
  run: RunPlan,
  episode: EpisodePlan,
  position: number,
): EpisodeContext {
  const stream = (purpose: string) => createRng(deriveSeed(episode.seed, purpose));
  const { min, max } = plan.transcriptLines;
  const script = writeScript(
    stream('script'),
    feed,
    episode,
    figuresOf(feed.domain),
    stream('lines').int(min, max),
  );
  const transcript = renderTranscript(stream('timing'), script);
  const speakers = script.lines
    .map((line) => line.speaker)
    .filter((p, i, all): p is Person => all.indexOf(p) === i);
  const stem = episodeStem(episode, run);
  return {
    feed,
    episode,
    run,
    stem,
    transcriptRef: `transcripts/${stem}.txt`,
    script,
    transcript,
    speakers,
    insights: extractInsights(stream('insights'), feed, episode, transcript),
    processedAtMs: run.createdAtMs + (position + 1) * 97_000,
    compactJson: plan.compactJson,
  };
}

function jsonFor(context: EpisodeContext): (value: unknown) => string {
  return context.compactJson ? toCompactJson : toJson;
}

function transcriptFiles(context: EpisodeContext): OutputFile[] {
  const { episode, transcript, script, stem } = context;
  if (episode.missing.includes('no_transcript')) {
    return [];
  }
  const base = `transcripts/${stem}`;
  const files: OutputFile[] = [{ relpath: `${base}.txt`, content: transcript.text }];
  if (!episode.missing.includes('no_segments')) {
    files.push({ relpath: `${base}.segments.json`, content: toJsonRows(transcript.segments) });
  }
  if (episode.hasAdfree) {
    const adfree = renderAdfree(script, transcript);
    files.push(
      { relpath: `${base}.adfree.txt`, content: adfree.text },
      { relpath: `${base}.adfree.segments.json`, content: toJsonRows(adfree.segments) },
      { relpath: `${base}.adfree.admap.json`, content: jsonFor(context)(adfree.admap) },
    );
  }
  if (episode.hasCleaned) {
    files.push({ relpath: `${base}.cleaned.txt`, content: renderCleaned(script) });
  }
  return files;
}

export interface EpisodeArtifacts {
  context: EpisodeContext;
  files: OutputFile[];
  hasGi: boolean;
  hasKg: boolean;
}

function graphFiles(context: EpisodeContext, hasGi: boolean, hasKg: boolean): OutputFile[] {
  const { episode, stem } = context;
  const json = jsonFor(context);
  const files: OutputFile[] = [];
  if (hasGi) {
    const gi = episode.giForm === 'strict' ? buildStrictGi(context) : buildPipelineGi(context);
    files.push({ relpath: `metadata/${stem}.gi.json`, content: json(gi) });
  }
  if (hasKg) {
    files.push({ relpath: `metadata/${stem}.kg.json`, content: json(buildKg(context)) });
  }
  if ((hasGi || hasKg) && !episode.missing.includes('no_bridge')) {
    files.push({
      relpath: `metadata/${stem}.bridge.json`,
      content: json(buildBridge(context, hasGi, hasKg)),
    });
  }
  return files;
}

function enrichmentFiles(context: EpisodeContext): OutputFile[] {
  const { episode, stem } = context;
  const json = jsonFor(context);
  const rng = createRng(deriveSeed(episode.seed, 'enrichments'));
  const base = `metadata/enrichments/${stem}`;
  return [
    {
      relpath: `${base}.insight_sentiment.json`,
      content: json(buildInsightSentiment(rng, context)),
    },
    {
      relpath: `${base}.insight_density.json`,
      content: json(buildInsightDensity(rng, context, !episode.missing.includes('no_segments'))),
    },
  ];
}

/** All files of one episode in one run, honouring the episode's deliberate gaps. */
export function buildEpisodeFiles(context: EpisodeContext): EpisodeArtifacts {
  const { episode, stem } = context;
  const missing = new Set(episode.missing);
  const hasTranscript = !missing.has('no_transcript');
  const hasGi = hasTranscript && !missing.has('no_gi');
  const hasKg = !missing.has('no_kg');
  const summary = missing.has('no_summary')
    ? undefined
    : buildSummary(createRng(deriveSeed(episode.seed, 'summary')), context);
  const flags = { hasGi, hasKg, hasTranscript, hasMedia: !missing.has('no_media_url') };
  const metadata = {
    relpath: `metadata/${stem}.metadata.json`,
    content: jsonFor(context)(buildMetadata(context, flags, summary)),
  };
  const enrichments = hasGi && !missing.has('no_enrichments') ? enrichmentFiles(context) : [];
  const files = [
    metadata,
    ...transcriptFiles(context),
    ...graphFiles(context, hasGi, hasKg),
    ...enrichments,
  ];
  return { context, files, hasGi, hasKg };
}
