import { rawReply } from '@podcast/http-kit';
import { exportUserMarkdown } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { datedAttachment } from './highlight-shared.js';

export const exportHighlightsMarkdown = defineRoute({
  method: 'get',
  path: '/api/app/highlights/export.md',
  summary: 'Highlights and notes as Markdown, grouped by show and episode',
  description:
    'An attachment with YAML front matter (Obsidian, Logseq); every line links back to its ' +
    'moment as /episodes/{slug}?t=<seconds>.',
  tags: ['capture'],
  auth: 'session',
  responses: {
    200: { description: 'The Markdown file', contentType: 'text/markdown; charset=utf-8' },
  },
  handler: async ({ ctx, principal }) =>
    rawReply(
      200,
      'text/markdown; charset=utf-8',
      await exportUserMarkdown(userStateOf(ctx), principal.user.id),
      datedAttachment('highlights', ctx.now(), 'md'),
    ),
});
