import { deepLink, listUserHighlights, listUserLibrary } from '@podcast/user-state';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { READS, type UserToolsCtx } from './user-tools-ctx.js';

const tool = defineTool<UserToolsCtx>();

const myLibrary = tool({
  name: 'my_library',
  title: 'My library',
  description: 'The shows the signed-in user follows, oldest subscription first.',
  requires: 'library:read',
  annotations: READS,
  input: z.object({}),
  output: z.object({
    items: z.array(
      z.object({ feed_id: z.string(), title: z.string().nullable(), subscribed_at: z.string() }),
    ),
  }),
  handler: async (_input, ctx) => {
    const library = await listUserLibrary(ctx.userState, ctx.userId);
    return {
      items: library.items.map(({ feed_id, title, subscribed_at }) => ({
        feed_id,
        title,
        subscribed_at,
      })),
    };
  },
});

const myHighlights = tool({
  name: 'my_highlights',
  title: 'My highlights',
  description:
    'What the signed-in user kept: spans of transcript, moments and insights, newest first, ' +
    'optionally of one episode, each with a link back to its moment.',
  requires: 'library:read',
  annotations: READS,
  input: z.object({
    episode_slug: z.string().min(1).max(200).optional(),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({
    items: z.array(
      z.object({
        kind: z.string(),
        episode_slug: z.string(),
        quote_text: z.string().nullable(),
        speaker: z.string().nullable(),
        start_ms: z.number().nullable(),
        anchor_status: z.string(),
        link: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  handler: async ({ episode_slug, limit }, ctx) => {
    const list = await listUserHighlights(ctx.userState, ctx.userId, episode_slug);
    return {
      items: list.items.slice(0, limit).map((h) => ({
        kind: h.kind,
        episode_slug: h.episode_slug,
        quote_text: h.quote_text,
        speaker: h.speaker,
        start_ms: h.start_ms,
        anchor_status: h.anchor_status,
        link: deepLink(h.episode_slug, h.start_ms),
        created_at: h.created_at,
      })),
    };
  },
});

/** Reading the user's own library: the shows followed and the highlights kept. */
export const LIBRARY_TOOLS = [myLibrary, myHighlights];
