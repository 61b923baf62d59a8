import { createHash, randomBytes } from 'node:crypto';
import {
  CAPTURE_LIMITS,
  DomainError,
  type Highlight,
  type HighlightCreateBody,
  type HighlightList,
  type HighlightPatchBody,
  type InsightProjection,
  type InsightQuote,
  NotFound,
} from '@podcast/contracts';
import {
  type CorpusPlace,
  type EpisodeRecord,
  projectInsightList,
  readSegments,
} from '@podcast/corpus';
import {
  deleteHighlight,
  findHighlight,
  type HighlightInsert,
  type HighlightRow,
  insertHighlight,
  insertHighlightOnce,
  listHighlights,
  updateHighlight,
} from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import { getEpisodeIn } from '../episode-of.js';
import { shownRowsIn } from '../shown-rows.js';
import { type Anchor, charAtMs, findQuote, momentAt } from './anchor.js';
import { type TranscriptText, transcriptTextOf } from './transcript-text.js';

export function newHighlightId(): string {
  return `h_${randomBytes(12).toString('hex')}`;
}

/** The transcript of an episode, or undefined when it has no usable segments. */
export async function transcriptOf(
  place: CorpusPlace,
  episode: EpisodeRecord,
): Promise<TranscriptText | undefined> {
  const read = await readSegments(place, episode);
  return read && transcriptTextOf(read.segments);
}

/** An insight of an episode (by slug and id) as its insight list shows it; undefined when not shown. */
type InsightOf = (slug: string, insightId: string) => InsightProjection | undefined;

/**
 * The insights of `episodes` as their insight lists show them, from their
 * graphs read now, each list made once per answer; none are read for none.
 */
async function insightsOf(
  deps: UserStateDeps,
  episodes: readonly EpisodeRecord[],
): Promise<InsightOf> {
  if (episodes.length === 0) {
    return () => undefined;
  }
  const files = await deps.holdings.layersOf(episodes);
  const bySlug = new Map(episodes.map((episode) => [episode.slug, episode]));
  const lists = new Map<string, readonly InsightProjection[]>();
  return (slug, insightId) => {
    let list = lists.get(slug);
    if (list === undefined) {
      const episode = bySlug.get(slug);
      const graph = episode && files.graphOf(episode);
      list = graph === undefined ? [] : projectInsightList(graph);
      lists.set(slug, list);
    }
    return list.find((insight) => insight.id === insightId);
  };
}

function anchorFields(anchor: Anchor | undefined, hash: string | null) {
  return anchor
    ? {
        char_start: anchor.charStart,
        char_end: anchor.charEnd,
        anchor_status: 'ok' as const,
        transcript_hash: hash,
      }
    : { char_start: null, char_end: null, anchor_status: 'lost' as const, transcript_hash: hash };
}

/** A new highlight's row: a span or a moment anchored in the transcript, an insight looked up. */
async function newRow(
  deps: UserStateDeps,
  insightOf: InsightOf,
  episode: EpisodeRecord,
  body: HighlightCreateBody,
): Promise<HighlightInsert> {
  const base = {
    id: newHighlightId(),
    episode_slug: episode.slug,
    kind: body.kind,
    color: body.color ?? null,
    speaker: body.speaker ?? null,
    insight_id: null,
  };
  if (body.kind === 'insight') {
    const insightId = body.insight_id as string;
    const insight = insightOf(episode.slug, insightId);
    if (!insight) {
      throw new NotFound(`no insight ${insightId} in episode ${episode.slug}`);
    }
    return {
      ...base,
      insight_id: insight.id,
      quote_text: insight.text,
      start_ms: insight.quotes[0]?.timestamp_start_ms ?? null,
      end_ms: insight.quotes[insight.quotes.length - 1]?.timestamp_end_ms ?? null,
      // An insight is anchored by its id, checked on every answer (wireOf), not in the text.
      char_start: null,
      char_end: null,
      anchor_status: 'ok',
      transcript_hash: null,
    };
  }
  const transcript = await transcriptOf(await deps.holdings.place(), episode);
  const hash = transcript?.hash ?? null;
  const startMs = body.start_ms as number;
  if (body.kind === 'moment') {
    const moment = transcript && momentAt(transcript, startMs);
    return {
      ...base,
      quote_text: moment?.quote ?? null,
      start_ms: moment?.startMs ?? startMs,
      end_ms: moment?.endMs ?? startMs,
      speaker: body.speaker ?? moment?.speaker ?? null,
      ...anchorFields(moment, hash),
    };
  }
  const quote = body.quote_text as string;
  const anchor = transcript && findQuote(transcript, quote, charAtMs(transcript, startMs));
  return {
    ...base,
    quote_text: quote,
    start_ms: startMs,
    end_ms: body.end_ms as number,
    speaker: body.speaker ?? anchor?.speaker ?? null,
    ...anchorFields(anchor, hash),
  };
}

/**
 * What a stored span or moment becomes in a changed transcript: ok where it
 * still reads the same, moved (new offsets and times) where the quote is
 * found elsewhere, lost where it is not found; the text is always kept.
 * Undefined when nothing is to be written.
 */
export function reanchor(
  t: TranscriptText | undefined,
  row: HighlightRow,
): Partial<HighlightRow> | undefined {
  if (row.kind === 'insight' || row.quote_text === null || !t || row.transcript_hash === t.hash) {
    return undefined;
  }
  const { char_start: cs, char_end: ce } = row;
  if (cs !== null && ce !== null && t.text.slice(cs, ce) === row.quote_text) {
    return { transcript_hash: t.hash, anchor_status: 'ok' };
  }
  const hint = cs ?? (row.start_ms === null ? undefined : charAtMs(t, row.start_ms));
  const found = findQuote(t, row.quote_text, hint);
  if (!found) {
    return { transcript_hash: t.hash, anchor_status: 'lost' };
  }
  // Found where it was, or anchored for the first time (an imported row): ok.
  if (cs === null || (found.charStart === cs && found.charEnd === ce)) {
    return {
      transcript_hash: t.hash,
      anchor_status: 'ok',
      char_start: found.charStart,
      char_end: found.charEnd,
    };
  }
  return {
    transcript_hash: t.hash,
    anchor_status: 'moved',
    char_start: found.charStart,
    char_end: found.charEnd,
    start_ms: found.startMs,
    end_ms: found.endMs,
  };
}

/** The wire shape; an insight highlight reads its quotes (and whether it still exists) live. */
function wireOf(insightOf: InsightOf, row: HighlightRow): Highlight {
  const { user_id: _user, transcript_hash: _hash, ...fields } = row;
  let quotes: InsightQuote[] = [];
  let status = row.anchor_status;
  if (row.kind === 'insight' && row.insight_id !== null) {
    const insight = insightOf(row.episode_slug, row.insight_id);
    quotes = insight ? [...insight.quotes] : [];
    status = insight ? 'ok' : 'lost';
  }
  return { ...fields, anchor_status: status, quotes };
}

/**
 * Re-anchors the rows whose episode transcript changed since they were last
 * anchored, writing the new anchors back; answers the rows as they now are.
 */
async function anchored(
  deps: UserStateDeps,
  episodes: ReadonlyMap<string, EpisodeRecord>,
  userId: string,
  rows: HighlightRow[],
): Promise<HighlightRow[]> {
  const transcripts = new Map<string, TranscriptText | undefined>();
  const result: HighlightRow[] = [];
  let place: CorpusPlace | undefined;
  for (const row of rows) {
    if (row.kind !== 'insight' && !transcripts.has(row.episode_slug)) {
      const episode = episodes.get(row.episode_slug) as EpisodeRecord;
      place ??= await deps.holdings.place();
      transcripts.set(row.episode_slug, await transcriptOf(place, episode));
    }
    const change = reanchor(transcripts.get(row.episode_slug), row);
    if (!change) {
      result.push(row);
      continue;
    }
    const updated = await updateHighlight(deps.db, userId, row.id, change, deps.now());
    result.push(updated ?? { ...row, ...change });
  }
  return result;
}

/** The user's highlights as listed: episodes no longer in the corpus hidden, anchors current. */
export async function listUserHighlights(
  deps: UserStateDeps,
  userId: string,
  episodeSlug?: string,
): Promise<HighlightList> {
  const rows = await listHighlights(deps.db, userId, episodeSlug);
  const shown = await shownRowsIn(deps, rows, (row) => ({ slug: row.episode_slug }));
  const slugsOf = (list: readonly HighlightRow[]) => [
    ...new Set(list.map((row) => row.episode_slug)),
  ];
  const episodes = await deps.holdings.findEpisodes(slugsOf(shown));
  const bySlug = new Map(episodes.map((episode) => [episode.slug, episode]));
  // Only insight highlights read their episodes' graphs.
  const withInsights = new Set(
    slugsOf(shown.filter((row) => row.kind === 'insight' && row.insight_id !== null)),
  );
  const [current, insightOf] = await Promise.all([
    anchored(deps, bySlug, userId, shown),
    insightsOf(
      deps,
      episodes.filter((episode) => withInsights.has(episode.slug)),
    ),
  ]);
  return { items: current.map((row) => wireOf(insightOf, row)) };
}

export async function createUserHighlight(
  deps: UserStateDeps,
  userId: string,
  body: HighlightCreateBody,
): Promise<Highlight> {
  const episode = await getEpisodeIn(deps, body.episode_slug);
  const insightOf = await insightsOf(deps, body.kind === 'insight' ? [episode] : []);
  const row = await newRow(deps, insightOf, episode, body);
  const stored = await insertHighlight(
    deps.db,
    userId,
    row,
    CAPTURE_LIMITS.highlightsPerUser,
    deps.now(),
  );
  return wireOf(insightOf, stored);
}

/**
 * The id of a highlight saved once: derived from what it keeps (episode,
 * kind, quote, times, insight), so saving the same thing again, a retry
 * above all, finds the row the first save made.
 */
function savedHighlightId(body: HighlightCreateBody): string {
  const { episode_slug, kind, quote_text, start_ms, end_ms, insight_id } = body;
  const key = JSON.stringify([episode_slug, kind, quote_text, start_ms, end_ms, insight_id]);
  return `h_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/**
 * Creates a highlight as createUserHighlight does, idempotently: a second
 * save of the same thing answers the first one's highlight (`isNew` false).
 */
export async function saveUserHighlightOnce(
  deps: UserStateDeps,
  userId: string,
  body: HighlightCreateBody,
): Promise<{ highlight: Highlight; isNew: boolean }> {
  const episode = await getEpisodeIn(deps, body.episode_slug);
  const insightOf = await insightsOf(deps, body.kind === 'insight' ? [episode] : []);
  const row = { ...(await newRow(deps, insightOf, episode, body)), id: savedHighlightId(body) };
  const stored = await insertHighlightOnce(
    deps.db,
    userId,
    row,
    CAPTURE_LIMITS.highlightsPerUser,
    deps.now(),
  );
  return { highlight: wireOf(insightOf, stored.row), isNew: stored.isNew };
}

/**
 * Where a quote sits in the episode's transcript, found as a span's quote
 * is anchored (exact, else the closest close match, nearest `hintMs`);
 * undefined when the episode has no transcript or the quote is not in it.
 */
export async function locateQuote(
  place: CorpusPlace,
  episode: EpisodeRecord,
  quote: string,
  hintMs?: number,
): Promise<Anchor | undefined> {
  const transcript = await transcriptOf(place, episode);
  if (!transcript) {
    return undefined;
  }
  return findQuote(
    transcript,
    quote,
    hintMs === undefined ? undefined : charAtMs(transcript, hintMs),
  );
}

function highlightNotFound(id: string): NotFound {
  return new NotFound(`no highlight ${id}`);
}

/**
 * Changes a highlight. Colour and speaker change on any kind; a span's
 * times and quote change too, and a new quote is anchored again.
 */
export async function patchUserHighlight(
  deps: UserStateDeps,
  userId: string,
  id: string,
  patch: HighlightPatchBody,
): Promise<Highlight> {
  const row = await findHighlight(deps.db, userId, id);
  const episode = row && (await deps.holdings.findEpisode(row.episode_slug));
  if (!row || !episode) {
    throw highlightNotFound(id);
  }
  const moves = ['start_ms', 'end_ms', 'quote_text'].filter((key) => key in patch);
  if (moves.length > 0 && row.kind !== 'span') {
    throw new DomainError('invalid', `${moves[0]}: only a span's times and quote can change`);
  }
  const startMs = patch.start_ms ?? row.start_ms;
  const endMs = patch.end_ms ?? row.end_ms;
  if (startMs !== null && endMs !== null && endMs < startMs) {
    throw new DomainError('invalid', 'end_ms: must not be before start_ms');
  }
  let change: Partial<HighlightRow> = { ...patch };
  if (patch.quote_text !== undefined) {
    const transcript = await transcriptOf(await deps.holdings.place(), episode);
    const hint = transcript && startMs !== null ? charAtMs(transcript, startMs) : undefined;
    const anchor = transcript && findQuote(transcript, patch.quote_text, hint);
    change = { ...change, ...anchorFields(anchor, transcript?.hash ?? null) };
  }
  const updated = await updateHighlight(deps.db, userId, id, change, deps.now());
  if (!updated) {
    throw highlightNotFound(id);
  }
  return wireOf(await insightsOf(deps, updated.kind === 'insight' ? [episode] : []), updated);
}

/** Deletes a highlight (and its notes); answers the remaining list. */
export async function deleteUserHighlight(
  deps: UserStateDeps,
  userId: string,
  id: string,
): Promise<HighlightList> {
  if (!(await deleteHighlight(deps.db, userId, id))) {
    throw highlightNotFound(id);
  }
  return listUserHighlights(deps, userId);
}
