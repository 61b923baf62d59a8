import express, { type RequestHandler } from 'express';

const OPML_PATH = '/api/app/library/opml';

// Matches OPML_MAX_CHARS in contracts: 1 MB is far above any real subscription list.
const parseXmlText = express.text({
  type: ['text/x-opml', 'application/xml', 'text/xml'],
  limit: '1mb',
});

/**
 * Reads an XML body as text, only for the OPML import: no other route should
 * ever receive a string where it expects JSON.
 */
export const opmlBodyParser: RequestHandler = (req, res, next) => {
  if (req.method === 'POST' && req.path === OPML_PATH) {
    parseXmlText(req, res, next);
    return;
  }
  next();
};
