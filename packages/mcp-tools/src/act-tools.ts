import { CAPTURE_LIMITS, HighlightCreateBody } from '@podcast/contracts';
import type { EpisodeFiles, EpisodeRecord } from '@podcast/corpus';
import {
  addUserQueueItem,
  findEpisodeIn,
  locateQuote,
  saveUserHighlightOnce,
  subscribeUser,
} from '@podcast/user-state';
import { z } from 'zod';
import { defineTool, ToolError } from './define-tool.js';
import { episodeWithLayers } from './episode-reads.js';
import { ADDS_ONCE, episodeUrl, type UserToolsCtx } from './user-tools-ctx.js';

/*
 * The tools that act for the user. Each is a user-state function the app's
 * own routes call (never a second implementation), and each is idempotent:
 * a retried call changes nothing more and answers what the first one did.
 */

const tool = defineTool<UserToolsCtx>();

const Slug = z.string().min(1).max(255);

/** The show of the episode a slug names, asked of the corpus index when it is on. */
async function feedOfEpisode(ctx: UserToolsCtx, slug: string): Promise<string> {
  const episode = await findEpisodeIn(ctx.userState, slug);
  if (!episode) {
    throw new ToolError(`no episode with slug ${slug}`);
  }
  return episode.feed_id;
}

const followShow = tool({
  name: 'follow_show',
  title: 'Follow a show',
  description:
    "Adds a show to the user's library: by feed_id (as my_library lists them), or the show of " +
    'an episode by episode_slug. Following a show already followed changes nothing.',
  requires: 'library:write',
  annotations: ADDS_ONCE,
  input: z.object({
    feed_id: z.string().min(1).max(500).optional(),
    episode_slug: Slug.optional(),
  }),
  output: z.object({
    feed_id: z.string(),
    title: z.string().nullable(),
    already_following: z.boolean(),
  }),
  handler: async ({ feed_id, episode_slug }, ctx) => {
    if ((feed_id === undefined) === (episode_slug === undefined)) {
      throw new ToolError('give either feed_id or episode_slug');
    }
    const feedId = feed_id ?? (await feedOfEpisode(ctx, episode_slug as string));
    const { isNew, item } = await subscribeUser(ctx.userState, ctx.userId, feedId);
    return { feed_id: feedId, title: item?.title ?? null, already_following: !isNew };
  },
});

const queueEpisode = tool({
  name: 'queue_episode',
  title: 'Queue an episode',
  description:
    "Adds an episode to the end of the user's play queue. An episode already queued stays " +
    'where it is.',
  requires: 'library:write',
  annotations: ADDS_ONCE,
  input: z.object({ episode_slug: Slug }),
  output: z.object({
    episode_slug: z.string(),
    already_queued: z.boolean(),
    position: z.number().int(),
    queue_length: z.number().int(),
  }),
  handler: async ({ episode_slug }, ctx) => {
    const { isNew, queue } = await addUserQueueItem(
      ctx.userState,
      ctx.userId,
      episode_slug,
      undefined,
    );
    return {
      episode_slug,
      already_queued: !isNew,
      position: queue.items.indexOf(episode_slug) + 1,
      queue_length: queue.items.length,
    };
  },
});

/** The text and times a highlight is saved on: a quote of the graph, or a span quoted verbatim. */
async function spanToSave(
  files: EpisodeFiles,
  episode: EpisodeRecord,
  input: {
    quote_id?: string | undefined;
    quote_text?: string | undefined;
    start_ms?: number | undefined;
  },
) {
  const quote = input.quote_id
    ? files.graphOf(episode)?.quotes.find((candidate) => candidate.id === input.quote_id)
    : undefined;
  if (input.quote_id && !quote) {
    throw new ToolError(`no quote ${input.quote_id} in episode ${episode.slug}`);
  }
  const text = quote?.text ?? (input.quote_text as string);
  const anchor = await locateQuote(
    files,
    episode,
    text,
    quote?.timestamp_start_ms ?? input.start_ms,
  );
  const startMs = anchor?.startMs ?? quote?.timestamp_start_ms;
  const endMs = anchor?.endMs ?? quote?.timestamp_end_ms;
  if (startMs === undefined || endMs === undefined) {
    throw new ToolError(
      `quote_text: not found in the transcript of ${episode.slug}; quote it verbatim (fetch a transcript range first)`,
    );
  }
  return { text, startMs, endMs, speaker: anchor?.speaker ?? quote?.speaker_name ?? undefined };
}

const saveHighlight = tool({
  name: 'save_highlight',
  title: 'Save a highlight',
  description:
    "Saves a highlight of a transcript span to the user's library: a quote by quote_id (as " +
    'episode_insights and fetch answer them), or words quoted verbatim from the transcript as ' +
    'quote_text (start_ms helps find them when they occur twice). Saving the same span again ' +
    'answers the highlight saved first.',
  requires: 'capture:write',
  annotations: ADDS_ONCE,
  input: z.object({
    episode_slug: Slug,
    quote_id: z.string().min(1).max(200).optional(),
    quote_text: z.string().trim().min(1).max(CAPTURE_LIMITS.quoteChars).optional(),
    start_ms: z.number().int().min(0).max(CAPTURE_LIMITS.maxMs).optional(),
  }),
  output: z.object({
    highlight_id: z.string(),
    episode_slug: z.string(),
    quote_text: z.string().nullable(),
    start_ms: z.number().nullable(),
    end_ms: z.number().nullable(),
    anchor_status: z.string(),
    already_saved: z.boolean(),
    url: z.string(),
  }),
  handler: async (input, ctx) => {
    if ((input.quote_id === undefined) === (input.quote_text === undefined)) {
      throw new ToolError('give either quote_id or quote_text');
    }
    const { episode, files } = await episodeWithLayers(ctx, input.episode_slug);
    const span = await spanToSave(files, episode, input);
    const body = HighlightCreateBody.parse({
      episode_slug: episode.slug,
      kind: 'span',
      quote_text: span.text,
      start_ms: span.startMs,
      end_ms: span.endMs,
      ...(span.speaker ? { speaker: span.speaker } : {}),
    });
    const { highlight, isNew } = await saveUserHighlightOnce(ctx.userState, ctx.userId, body);
    return {
      highlight_id: highlight.id,
      episode_slug: highlight.episode_slug,
      quote_text: highlight.quote_text,
      start_ms: highlight.start_ms,
      end_ms: highlight.end_ms,
      anchor_status: highlight.anchor_status,
      already_saved: !isNew,
      url: episodeUrl(ctx, highlight.episode_slug, highlight.start_ms),
    };
  },
});

/** Acting for the user: following, queueing, keeping a highlight. */
export const ACT_TOOLS = [followShow, queueEpisode, saveHighlight];
