import { OPML_MAX_CHARS, OpmlImportJson, OpmlImportResult, Problem, z } from '@podcast/contracts';
import { importUserOpml } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

// An XML body arrives as a string (the route accepts xml); JSON as {opml}.
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
  accepts: ['xml', 'json'],
  // Matches OPML_MAX_CHARS in contracts: far above any real subscription list.
  bodyLimit: '1mb',
  body: OpmlBody,
  responses: {
    200: OpmlImportResult,
    400: Problem.describe('Not a usable OPML document'),
    409: Problem.describe('The import would take the library past 2,000 shows; nothing is stored'),
    413: Problem.describe('Larger than 1 MB'),
  },
  handler: ({ ctx, body, principal }) =>
    importUserOpml(
      userStateOf(ctx),
      principal.user.id,
      typeof body === 'string' ? body : body.opml,
    ),
});
