import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import { createRouteDefiner } from '../src/index.js';
import {
  BEST_MAX_BYTES,
  type CachedResponse,
  cachedResponse,
  HOT_HITS,
  type Representation,
  representationOf,
} from '../src/response-cache.js';
import { quietApp } from './quiet-app.js';

/** Prose-like JSON (a seeded walk over a vocabulary), which brotli's best quality packs tighter than its fast one. */
function prose(episodes: number, seed = 7) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state;
  };
  const vocabulary = Array.from({ length: 3000 }, (_, i) =>
    Array.from({ length: 3 + (i % 7) }, (_, j) =>
      String.fromCharCode(97 + ((i * 7 + j * 13) % 26)),
    ).join(''),
  );
  const sentence = (words: number) =>
    Array.from({ length: words }, () => vocabulary[next() % vocabulary.length]).join(' ');
  return {
    items: Array.from({ length: episodes }, (_, i) => ({
      id: `episode-${i}`,
      title: sentence(8),
      summary: sentence(120),
    })),
  };
}

async function settled(entry: CachedResponse, coding: 'br' | 'gzip'): Promise<Representation> {
  const made = representationOf(entry, coding);
  return 'then' in made ? await made : made;
}

describe('best-quality brotli for hot answers', () => {
  it('replaces the first brotli bytes of an answer served HOT_HITS times, once, in the background', async () => {
    const text = JSON.stringify(prose(60));
    const entry = cachedResponse(200, text);
    const first = await settled(entry, 'br');
    expect(first.coding).toBe('br');
    for (let hit = 1; hit < HOT_HITS; hit++) {
      expect(representationOf(entry, 'br')).toBe(first);
    }
    expect(entry.bestPass).toBeUndefined();
    // The hit that reaches HOT_HITS still gets the first bytes: the pass runs beside it.
    expect(representationOf(entry, 'br')).toBe(first);
    expect(entry.bestPass).toBeDefined();
    const pass = entry.bestPass;
    await pass;
    const best = representationOf(entry, 'br') as Representation;
    expect(best).not.toBe(first);
    expect(best.coding).toBe('br');
    expect(best.body.length).toBeLessThan(first.body.length);
    expect(brotliDecompressSync(best.body).toString()).toBe(text);
    expect(best.etag).toBe(`${entry.etag.slice(0, -1)}-br-best"`);
    expect(best.etag).not.toBe(first.etag);
    for (let hit = 0; hit < 3 * HOT_HITS; hit++) {
      expect(representationOf(entry, 'br')).toBe(best);
    }
    expect(entry.bestPass).toBe(pass);
  });

  it('counts only brotli hits, and never recompresses gzip', async () => {
    const entry = cachedResponse(200, JSON.stringify(prose(60)));
    const gzip = await settled(entry, 'gzip');
    for (let hit = 0; hit < 3 * HOT_HITS; hit++) {
      expect(representationOf(entry, 'gzip')).toBe(gzip);
      expect(representationOf(entry, undefined)).toBe(entry);
    }
    expect(entry.bestPass).toBeUndefined();
    expect(entry.brotliHits).toBe(0);
  });

  it('keeps the first bytes of an answer over BEST_MAX_BYTES', async () => {
    const text = JSON.stringify(prose(1200));
    expect(Buffer.byteLength(text)).toBeGreaterThan(BEST_MAX_BYTES);
    const entry = cachedResponse(200, text);
    const first = await settled(entry, 'br');
    for (let hit = 0; hit < 2 * HOT_HITS; hit++) {
      expect(representationOf(entry, 'br')).toBe(first);
    }
    expect(entry.bestPass).toBeUndefined();
  });

  it('starts one pass however many requests are pending when the first bytes arrive', async () => {
    const entry = cachedResponse(200, JSON.stringify(prose(60)));
    const pending = Array.from({ length: 2 * HOT_HITS }, () => representationOf(entry, 'br'));
    const firsts = await Promise.all(pending);
    expect(new Set(firsts).size).toBe(1);
    // Requests that waited for the first bytes are not hits of them.
    expect(entry.brotliHits).toBe(0);
    expect(entry.bestPass).toBeUndefined();
  });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(port: number, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/page', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('best-quality brotli over HTTP', () => {
  it('serves smaller bytes under a new tag once an answer is hot, and revalidates both tags', async () => {
    const page = prose(60);
    const defineRoute = createRouteDefiner<object>();
    const scope = {};
    const app = quietApp({
      ctx: {},
      routes: [
        defineRoute({
          method: 'get',
          path: '/api/page',
          summary: 'A hot cached page',
          auth: 'open',
          responses: {
            200: z.object({
              items: z.array(z.object({ id: z.string(), title: z.string(), summary: z.string() })),
            }),
          },
          cache: { scope: () => scope },
          handler: () => page,
        }),
      ],
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const br = { 'accept-encoding': 'gzip, deflate, br' };
      const first = await get(port, br);
      expect(first.headers.etag).toMatch(/-br"$/);
      let latest = first;
      const deadline = Date.now() + 10_000;
      while (!String(latest.headers.etag).endsWith('-br-best"') && Date.now() < deadline) {
        latest = await get(port, br);
      }
      expect(latest.headers.etag).toMatch(/-br-best"$/);
      expect(latest.headers['content-encoding']).toBe('br');
      expect(Number(latest.headers['content-length'])).toBe(latest.body.length);
      expect(latest.body.length).toBeLessThan(first.body.length);
      expect(JSON.parse(brotliDecompressSync(latest.body).toString())).toEqual(page);
      // A client holding the first bytes gets the new ones; one holding the new ones gets a 304.
      const stale = await get(port, { ...br, 'if-none-match': String(first.headers.etag) });
      expect(stale.status).toBe(200);
      expect(stale.headers.etag).toBe(latest.headers.etag);
      const fresh = await get(port, { ...br, 'if-none-match': String(latest.headers.etag) });
      expect(fresh.status).toBe(304);
      expect(fresh.body.length).toBe(0);
      // gzip and identity are untouched by brotli's hits.
      const gzip = await get(port, { 'accept-encoding': 'gzip' });
      expect(gzip.headers.etag).toMatch(/-gzip"$/);
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(page);
    } finally {
      server.close();
    }
  });
});
