import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getQueue, listHighlights, listSubscriptions } from '@podcast/db';
import request from 'supertest';
import { servedSnapshot, type TestApp } from './support/build-test-app.js';
import { type IndexedMcpServer, openIndexedMcpServer } from './support/indexed-mcp-server.js';
import { connectWithToken } from './support/mcp-client.js';
import { authorizeQuery, connectedClient, pkcePair } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * The MCP tools, called through the SDK client with every scope, and the
 * client ID URLs of the authorization endpoint, under what an adversary
 * sends: each refusal names the argument, nothing is stored, and no call
 * reads a file outside the catalog.
 */

let served: IndexedMcpServer;
let t: TestApp;
let base = '';
let cookie = '';
let userId = '';
let access = '';
let slug = '';
let client: Client;

// The index is built, so search and ask run their queries, not an early no_index.
beforeAll(async () => {
  served = await openIndexedMcpServer(
    'consumer-mcp-tools-hostile',
    'an-mcp-tools-hostile-secret-of-32-chars',
  );
  ({ t, base } = served);
  const session = await sessionCookieFor(t.ctx, 'hostile-agent-user');
  cookie = session.cookie;
  userId = session.user.id;
  slug = (await servedSnapshot(t)).episodes[0]?.slug as string;
  ({ access } = await connectedClient(base, cookie, {
    scope: 'corpus:read library:read library:write capture:write',
  }));
  client = await connectWithToken(base, access, 'hostile-agent');
}, 180_000);

afterAll(async () => {
  await client.close();
  await served.close();
});

/** The text of a refused call, whether the SDK threw it or the tool answered an error. */
async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
  try {
    const answer = await client.callTool({ name, arguments: args });
    expect(answer.isError).toBe(true);
    return JSON.stringify(answer.content);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function expectNothingStored() {
  expect((await getQueue(t.ctx.db, userId)).items).toEqual([]);
  expect(await listSubscriptions(t.ctx.db, userId)).toEqual([]);
  expect(await listHighlights(t.ctx.db, userId)).toEqual([]);
}

const HUGE = 'x'.repeat(100_000);

describe('the tools refuse hostile arguments, naming them', () => {
  it.each([
    ['follow_show', { feed_id: 'f'.repeat(501) }, 'feed_id'],
    ['follow_show', { feed_id: ['a', 'b'] }, 'feed_id'],
    ['follow_show', { feed_id: 1e9 }, 'feed_id'],
    ['follow_show', { episode_slug: HUGE }, 'episode_slug'],
    ['queue_episode', { episode_slug: 's'.repeat(300) }, 'episode_slug'],
    ['queue_episode', { episode_slug: ['a', 'b'] }, 'episode_slug'],
    ['queue_episode', {}, 'episode_slug'],
    ['save_highlight', { episode_slug: 'SLUG', quote_text: HUGE }, 'quote_text'],
    ['save_highlight', { episode_slug: 'SLUG', quote_id: 'q'.repeat(300) }, 'quote_id'],
    ['save_highlight', { episode_slug: 'SLUG', quote_text: 'a b', start_ms: -1 }, 'start_ms'],
    ['save_highlight', { episode_slug: 'SLUG', quote_text: 'a b', start_ms: 1e15 }, 'start_ms'],
    ['save_highlight', { episode_slug: 'SLUG', quote_text: 'a b', start_ms: 1.5 }, 'start_ms'],
    ['save_highlight', { episode_slug: 'SLUG', quote_text: 'a b', start_ms: '5' }, 'start_ms'],
    ['search', { query: HUGE }, 'query'],
    ['search', { query: ['a', 'b'] }, 'query'],
    ['search', { query: ' \t ' }, 'query'],
    ['fetch', { id: 'i'.repeat(301) }, 'id'],
    ['fetch', { id: { $ne: null } }, 'id'],
    ['ask', { question: HUGE }, 'question'],
    ['ask', { question: 'why?', top_k: 1e9 }, 'top_k'],
    ['ask', { question: 'why?', top_k: -1 }, 'top_k'],
    ['ask', { question: 'why?', top_k: 2.5 }, 'top_k'],
    ['ask', { question: 'why?', scope: 'everything' }, 'scope'],
    ['ask', { question: 'why?', scope: 'episode', episode_slug: 'e'.repeat(301) }, 'episode_slug'],
  ])('%s %# answers an error naming the argument, storing nothing', async (name, args, field) => {
    const withSlug = Object.fromEntries(
      Object.entries(args).map(([key, value]) => [key, value === 'SLUG' ? slug : value]),
    );
    expect(await refusal(name, withSlug)).toContain(field);
    await expectNothingStored();
  });

  it.each([
    ['follow_show', { feed_id: '..%2F..%2Fetc' }, 'no show'],
    ['follow_show', { feed_id: '\u202Eexe.show' }, 'no show'],
    ['follow_show', { episode_slug: '.git' }, 'no episode'],
    ['queue_episode', { episode_slug: '../../etc/passwd' }, 'no episode'],
    ['queue_episode', { episode_slug: '.hidden' }, 'no episode'],
    ['queue_episode', { episode_slug: 'a\u0007\u001b[31m' }, 'no episode'],
    ['save_highlight', { episode_slug: '%2e%2e', quote_id: 'q' }, 'no episode'],
    ['save_highlight', { episode_slug: 'SLUG', quote_text: '\u202Enot said\u202C' }, 'verbatim'],
    ['fetch', { id: 'episode/../../etc/passwd' }, 'not a search result id'],
    ['fetch', { id: 'episode/.git' }, 'not a search result id'],
    ['fetch', { id: 'transcript/../0-1000' }, 'not a search result id'],
    ['fetch', { id: 'insight/SLUG/../../.git/config' }, '../../.git/config'],
    ['fetch', { id: 'transcript/SLUG/0-999999999' }, '15 minutes'],
    ['ask', { question: 'why?', scope: 'episode', episode_slug: '../..' }, 'no episode'],
    ['ask', { question: 'why?', scope: 'episode' }, 'no episode'],
  ])('%s %# answers a tool error, storing nothing', async (name, args, words) => {
    const withSlug = Object.fromEntries(
      Object.entries(args).map(([key, value]) => [
        key,
        typeof value === 'string' ? value.replace('SLUG', slug) : value,
      ]),
    );
    expect(await refusal(name, withSlug)).toContain(words);
    await expectNothingStored();
  });

  it('answers a question or a search in any script, control characters and all', async () => {
    for (const [name, args] of [
      ['search', { query: 'battery \u202Erecycling\u202C \u0007' }],
      ['ask', { question: '\u2067why\u2069 \u0085 battery?' }],
      ['search', { query: '"unbalanced NEAR( * AND OR -' }],
      ['search', { query: "battery' OR 1=1 --; DROP TABLE quotes" }],
      ['ask', { question: 'sleep" NEAR(* ^ {battery}', scope: 'library' }],
    ] as const) {
      const answer = await client.callTool({ name, arguments: args });
      expect(answer.isError).toBeFalsy();
      expect(answer.structuredContent).toEqual(expect.any(Object));
    }
  }, 60_000);
});

/** A raw JSON-RPC POST to the endpoint the token was granted for, bypassing the SDK. */
function post(body: string) {
  return request(base)
    .post('/api/app/mcp')
    .set('authorization', `Bearer ${access}`)
    .set('content-type', 'application/json')
    .set('accept', 'application/json, text/event-stream')
    .send(body);
}

const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('the transport under hostile bodies', () => {
  it('refuses a NUL byte in an argument with a 400 naming it, before any tool runs', async () => {
    const res = await post(
      JSON.stringify(call(1, 'queue_episode', { episode_slug: `${slug}\u0000` })),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(-32600);
    expect(res.body.error.message).toContain('body.params.arguments.episode_slug');
    await expectNothingStored();
  });

  it('refuses a NUL byte through the SDK too', async () => {
    expect(await refusal('follow_show', { feed_id: 'a\u0000b' })).toContain('NUL');
    await expectNothingStored();
  });

  it('answers 413 for a body over 256 kB, storing nothing', async () => {
    const body = JSON.stringify(
      call(2, 'save_highlight', { episode_slug: slug, quote_text: 'x'.repeat(300_000) }),
    );
    const res = await post(body);
    expect(res.status).toBe(413);
    await expectNothingStored();
  });

  it('refuses a batch of 51 calls whole, storing nothing', async () => {
    const batch = Array.from({ length: 51 }, (_, i) =>
      call(i + 1, 'queue_episode', { episode_slug: slug }),
    );
    const res = await post(JSON.stringify(batch));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(-32600);
    await expectNothingStored();
  });

  it('answers JSON nested a thousand deep as a 400, not a crash', async () => {
    const res = await post(`${'['.repeat(1000)}${']'.repeat(1000)}`);
    expect(res.status).toBe(400);
  });
});

describe('client ID URLs that hide their dot segments', () => {
  it.each([
    ['a backslash', 'https://127.0.0.1:1/clients\\..\\x.json'],
    ['backslashes around an encoded dot', 'https://127.0.0.1:1/clients\\%2e%2e\\x.json'],
    ['a tab inside a dot segment', 'https://127.0.0.1:1/clients/.\t./x.json'],
    ['a line break inside a dot segment', 'https://127.0.0.1:1/clients/.\n./x.json'],
  ])('refuses %s before fetching anything', async (_what, clientId) => {
    const res = await request(t.app)
      .get('/api/app/mcp/oauth/authorize')
      .set('Cookie', cookie)
      .query(authorizeQuery(clientId, pkcePair().challenge));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_client');
    expect(res.body.detail).toMatch(/^client_id: /);
    expect(res.body.detail).not.toContain('loopback');
  });

  it.each([
    ['%00', 'NUL'],
    ['%E0%A4%A', 'percent-encoded'],
  ])('refuses a client_id holding %s with a 400 naming it', async (bad, words) => {
    const res = await request(t.app)
      .get(
        `/api/app/mcp/oauth/authorize?client_id=https://127.0.0.1:1/c${bad}.json&response_type=code`,
      )
      .set('Cookie', cookie);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('client_id');
    expect(JSON.stringify(res.body)).toContain(words);
  });
});
