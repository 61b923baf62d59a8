import { OPML_MAX_CHARS, OpmlImportJson, OpmlImportResult, Problem, z } from '@podcast/contracts';
import { subscribeMany } from '@podcast/db';
import { HttpError } from '@podcast/http-kit';
import { userOf } from '../../auth/session-auth.js';
import { defineRoute } from '../../context.js';
import { parseOpml } from './opml-document.js';
import { matchOpmlFeeds } from './opml-match.js';

// A raw XML body arrives as a string (see opml-body-parser.ts); JSON as {opml}.
const OpmlBody = z.union([z.string().max(OPML_MAX_CHARS), OpmlImportJson]);

export const importOpml = defineRoute({
  method: 'post',
  path: '/api/app/library/opml',
  summary: 'Import subscriptions from an OPML file',
  description:
    'Send the file as text/x-opml, application/xml or text/xml (or JSON {opml}). Shows whose ' +
    'RSS URL matches a corpus show are subscribed; the other URLs come back in `unknown`. ' +
    'Malformed XML, a DTD or no <opml><body> is a 400 and changes nothing.',
  tags: ['library'],
  auth: 'session',
  body: OpmlBody,
  responses: {
    200: OpmlImportResult,
    400: Problem.describe('Not a usable OPML document'),
    413: Problem.describe('Larger than 1 MB'),
  },
  handler: async ({ ctx, body, principal }) => {
    const parsed = parseOpml(typeof body === 'string' ? body : body.opml);
    if (!parsed.ok) {
      throw new HttpError(400, `body: ${parsed.problem}`);
    }
    const userId = userOf(principal).id;
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    const { feedIds, unknown } = matchOpmlFeeds(snapshot, parsed.xmlUrls);
    // "New" is what this request's INSERT added, not a prior read of the library: of two
    // racing imports of the same show, only the one whose row landed reports it as new.
    const inserted = new Set(await subscribeMany(ctx.db, userId, feedIds, ctx.now()));
    return {
      subscribed: feedIds.filter((feedId) => inserted.has(feedId)),
      already_subscribed: feedIds.filter((feedId) => !inserted.has(feedId)),
      unknown,
    };
  },
});
