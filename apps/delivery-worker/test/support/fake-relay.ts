import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RelayMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  metadata: { envelope_id?: string };
}

/**
 * A local email relay speaking the HTTP API the worker uses (POST /messages,
 * GET /events?after=&limit=, bearer key). Events are added by the test; the
 * cursor is the index of the next event, as a string.
 */
export async function startFakeRelay(apiKey: string) {
  const messages: RelayMessage[] = [];
  const events: { id: string; type: string; envelope_id?: string }[] = [];
  const eventQueries: (string | null)[] = [];
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      res.writeHead(401).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://relay');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && url.pathname === '/messages') {
        messages.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res
          .writeHead(202, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: `m${messages.length}` }));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/events') {
        const after = url.searchParams.get('after');
        eventQueries.push(after);
        const start = after === null ? 0 : Number(after);
        const limit = Number(url.searchParams.get('limit') ?? '100');
        const page = events.slice(start, start + limit);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ events: page, next: String(start + page.length) }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    events,
    eventQueries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
