import type { InsightProjection } from '@podcast/contracts';
import { type EpisodeFiles, type EpisodeRecord, readSegments } from '@podcast/corpus';
import { clock } from '@podcast/user-state';
import { ToolError } from './define-tool.js';
import { episodeWithLayers, insightsOf } from './episode-reads.js';
import { type FetchTarget, fetchIdOf, TRANSCRIPT_RANGE_MAX_MS } from './fetch-targets.js';
import { episodeUrl, type UserToolsCtx } from './user-tools-ctx.js';

/** What `fetch` answers: the document shape ChatGPT-style connectors read. */
export interface FetchedDocument {
  id: string;
  title: string;
  text: string;
  url: string;
  metadata: Record<string, unknown>;
}

/** Insights an episode document lists; the rest are a `fetch` of each away. */
const EPISODE_INSIGHTS = 10;

function transcriptTarget(
  slug: string,
  quote: { timestamp_start_ms: number; timestamp_end_ms: number },
) {
  return fetchIdOf({
    kind: 'transcript',
    slug,
    startMs: quote.timestamp_start_ms,
    endMs: quote.timestamp_end_ms,
  });
}

function episodeDocument(ctx: UserToolsCtx, files: EpisodeFiles, episode: EpisodeRecord) {
  const insights = insightsOf(files, episode);
  const parts = [
    episode.podcast_title ? `${episode.title} (${episode.podcast_title})` : episode.title,
    episode.summary.body ?? '',
    episode.summary.bullets.map((bullet) => `- ${bullet}`).join('\n'),
    episode.description ?? '',
    insights.length > 0 ? 'Insights:' : '',
    insights
      .slice(0, EPISODE_INSIGHTS)
      .map(
        (insight) =>
          `- ${insight.text} [${fetchIdOf({ kind: 'insight', slug: episode.slug, insightId: insight.id })}]`,
      )
      .join('\n'),
  ];
  return {
    title: episode.title,
    text: parts.filter((part) => part !== '').join('\n\n'),
    url: episodeUrl(ctx, episode.slug, 0),
    metadata: {
      kind: 'episode',
      episode_slug: episode.slug,
      feed_id: episode.feed_id,
      podcast_title: episode.podcast_title,
      publish_date: episode.publish_date,
      insight_count: insights.length,
    },
  };
}

function insightDocument(ctx: UserToolsCtx, episode: EpisodeRecord, insight: InsightProjection) {
  const quotes = insight.quotes.map((quote) => ({
    id: quote.id,
    text: quote.text,
    speaker: quote.speaker_name ?? null,
    start_ms: quote.timestamp_start_ms,
    end_ms: quote.timestamp_end_ms,
    fetch_id: transcriptTarget(episode.slug, quote),
    url: episodeUrl(ctx, episode.slug, quote.timestamp_start_ms),
  }));
  const lines = quotes.map(
    (quote) =>
      `- [${clock(quote.start_ms)}] ${quote.speaker ? `${quote.speaker}: ` : ''}"${quote.text}"`,
  );
  return {
    title: insight.text.length > 100 ? `${insight.text.slice(0, 99)}…` : insight.text,
    text: [insight.text, lines.length > 0 ? `Supporting quotes:\n${lines.join('\n')}` : '']
      .filter(Boolean)
      .join('\n\n'),
    url: episodeUrl(ctx, episode.slug, quotes[0]?.start_ms ?? 0),
    metadata: {
      kind: 'insight',
      episode_slug: episode.slug,
      episode_title: episode.title,
      insight_type: insight.insight_type ?? null,
      grounded: insight.grounded,
      quotes,
    },
  };
}

interface TimedLine {
  startMs: number;
  endMs: number;
  speaker: string | null;
  text: string;
}

/**
 * The lines of the transcript overlapping a range: whole segments (a
 * quote's sentence with its neighbours' edges), or, for an episode without
 * a segments file, the graph's verbatim quotes that fall in it.
 */
async function linesIn(
  files: EpisodeFiles,
  episode: EpisodeRecord,
  range: { startMs: number; endMs: number },
): Promise<{ source: 'segments' | 'quotes'; lines: TimedLine[] }> {
  const overlaps = (line: TimedLine) => line.endMs >= range.startMs && line.startMs <= range.endMs;
  const read = await readSegments(files, episode);
  if (read) {
    const lines = read.segments.map((row) => ({
      startMs: Math.round(row.start * 1000),
      endMs: Math.round(row.end * 1000),
      speaker: row.speaker ?? null,
      text: row.text,
    }));
    return { source: 'segments', lines: lines.filter(overlaps) };
  }
  const quotes = (files.graphOf(episode)?.quotes ?? []).flatMap((quote) =>
    quote.timestamp_start_ms === undefined
      ? []
      : [
          {
            startMs: quote.timestamp_start_ms,
            endMs: quote.timestamp_end_ms ?? quote.timestamp_start_ms,
            speaker: quote.speaker_name ?? null,
            text: quote.text,
          },
        ],
  );
  return { source: 'quotes', lines: quotes.filter(overlaps).sort((a, b) => a.startMs - b.startMs) };
}

async function transcriptDocument(
  ctx: UserToolsCtx,
  files: EpisodeFiles,
  episode: EpisodeRecord,
  range: { startMs: number; endMs: number },
) {
  if (range.endMs < range.startMs || range.endMs - range.startMs > TRANSCRIPT_RANGE_MAX_MS) {
    throw new ToolError(
      `a transcript range runs forward and spans at most ${TRANSCRIPT_RANGE_MAX_MS / 60_000} minutes`,
    );
  }
  const { source, lines } = await linesIn(files, episode, range);
  if (lines.length === 0) {
    throw new ToolError(`episode ${episode.slug} has no transcript text in that range`);
  }
  const text = lines
    .map(
      (line) => `[${clock(line.startMs)}] ${line.speaker ? `${line.speaker}: ` : ''}${line.text}`,
    )
    .join('\n');
  return {
    title: `${episode.title}, ${clock(range.startMs)} to ${clock(range.endMs)}`,
    text,
    url: episodeUrl(ctx, episode.slug, range.startMs),
    metadata: {
      kind: 'transcript',
      episode_slug: episode.slug,
      episode_title: episode.title,
      start_ms: range.startMs,
      end_ms: range.endMs,
      source,
      lines: lines.length,
    },
  };
}

/** The document `target` names, or a ToolError saying what is missing. */
export async function fetchDocument(
  ctx: UserToolsCtx,
  target: FetchTarget,
): Promise<FetchedDocument> {
  const { episode, files } = await episodeWithLayers(ctx, target.slug);
  const id = fetchIdOf(target);
  if (target.kind === 'episode') {
    return { id, ...episodeDocument(ctx, files, episode) };
  }
  if (target.kind === 'transcript') {
    return { id, ...(await transcriptDocument(ctx, files, episode, target)) };
  }
  const insight = insightsOf(files, episode).find((candidate) => candidate.id === target.insightId);
  if (!insight) {
    throw new ToolError(`no insight ${target.insightId} in episode ${target.slug}`);
  }
  return { id, ...insightDocument(ctx, episode, insight) };
}
