import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOpenAiCompatibleProvider, EmbeddingServiceError } from '../src/index.js';

interface Seen {
  auth: string | undefined;
  body: { model: string; input: string[] };
}

/** A local server speaking the OpenAI embeddings protocol; rows come back in reverse order. */
function fakeEmbeddingsServer(seen: Seen[]): Server {
  return createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) {
      raw += chunk;
    }
    const body = JSON.parse(raw) as Seen['body'];
    seen.push({ auth: req.headers.authorization, body });
    if (req.url !== '/v1/embeddings' || body.model !== 'fake-model') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no model"}');
      return;
    }
    const data = body.input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: [text.length, 0, 1],
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', model: body.model, data: data.reverse() }));
  });
}

describe('OpenAI-compatible embeddings provider', () => {
  const seen: Seen[] = [];
  const server = fakeEmbeddingsServer(seen);
  let baseUrl = '';

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('embeds in batches, in input order, normalised, sending the key', async () => {
    const provider = await createOpenAiCompatibleProvider({
      baseUrl,
      model: 'fake-model',
      apiKey: 'k-123',
      batchSize: 2,
    });
    expect(provider).toMatchObject({
      kind: 'openai_compatible',
      model: 'fake-model',
      dimensions: 3,
    });
    seen.length = 0;
    const vectors = await provider.embed(['a', 'bbb', 'cc']);
    expect(seen.map((s) => s.body.input)).toEqual([['a', 'bbb'], ['cc']]);
    expect(seen[0]?.auth).toBe('Bearer k-123');
    expect(vectors[1]?.[0]).toBeCloseTo(3 / Math.sqrt(10), 5);
    expect(vectors[2]?.[0]).toBeCloseTo(2 / Math.sqrt(5), 5);
  });

  it('reports a server error as an EmbeddingServiceError', async () => {
    await expect(
      createOpenAiCompatibleProvider({ baseUrl, model: 'missing-model' }),
    ).rejects.toBeInstanceOf(EmbeddingServiceError);
  });
});
