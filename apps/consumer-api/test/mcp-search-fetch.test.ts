import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SAMPLE_CORPUS_DIR } from '@podcast/testing';
import { buildProductionTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { bearerClient } from './support/mcp-client.js';
import { connectedClient } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * The search and fetch pair ChatGPT-style connectors call, through the SDK
 * client with a default (read-only) token, over the sample corpus with its
 * search index built.
 */

interface Result {
  id: string;
  title: string;
  url: string;
}

let dir = '';
let t: TestApp;
let server: Server;
let base = '';
let client: Client;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'consumer-mcp-search-')));
  const root = path.join(dir, 'sample');
  await cp(SAMPLE_CORPUS_DIR, root, { recursive: true, preserveTimestamps: true });
  t = await buildProductionTestApp('an-mcp-search-fetch-secret-of-32-chars', {
    env: { CORPUS_DIR: root },
  });
  const start = await t.ctx.search.rebuild(root, false);
  if (start.status === 'started') {
    await start.finished;
  }
  server = createServer(t.app);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { cookie } = await sessionCookieFor(t.ctx, 'connector-user');
  const { access } = await connectedClient(base, cookie);
  client = await bearerClient(base, access, 'connector');
}, 180_000);

afterAll(async () => {
  await client.close();
  server.close();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

async function search(query: string): Promise<{ results: Result[]; answer: CallToolResult }> {
  const answer = await call('search', { query });
  expect(answer.isError).toBeFalsy();
  return { results: (answer.structuredContent as { results: Result[] }).results, answer };
}

describe('search', () => {
  it('takes one string argument', async () => {
    const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'search');
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual(['query']);
    expect(tool?.inputSchema.required).toEqual(['query']);
  });

  it('answers {id, title, url} results of every kind, and links the transcript ranges', async () => {
    const { results, answer } = await search('battery recycling');
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(10);
    for (const result of results) {
      expect(Object.keys(result).sort()).toEqual(['id', 'title', 'url']);
      expect(result.url.startsWith(`${base}/episodes/`)).toBe(true);
      expect(result.title.length).toBeGreaterThan(0);
    }
    expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
    const kinds = new Set(results.map((r) => r.id.split('/')[0]));
    expect(kinds).toContain('insight');
    expect(kinds).toContain('transcript');
    // The text content is the JSON of the results, as connectors read it.
    expect(JSON.parse((answer.content[0] as { text: string }).text)).toEqual({ results });
    const links = answer.content.filter((item) => item.type === 'resource_link');
    expect(links.map((link) => link.name)).toEqual(
      results.filter((r) => r.id.startsWith('transcript/')).map((r) => r.id),
    );
    expect(links[0]).toMatchObject({
      type: 'resource_link',
      uri: expect.stringMatching(/\?t=\d+$/),
    });
  });

  it('answers an empty list for words the corpus lacks, and refuses an empty query', async () => {
    const none = await search('zzzqqqxxyy');
    expect(none.results).toEqual([]);
    expect((await call('search', { query: '' })).isError).toBe(true);
  });
});

describe('fetch', () => {
  it('answers an insight with its verbatim quotes, linking their transcript ranges', async () => {
    const { results } = await search('battery recycling');
    const insight = results.find((r) => r.id.startsWith('insight/')) as Result;
    const answer = await call('fetch', { id: insight.id });
    const doc = answer.structuredContent as {
      id: string;
      title: string;
      text: string;
      url: string;
      metadata: { kind: string; quotes: { text: string; fetch_id: string }[] };
    };
    expect(doc).toMatchObject({ id: insight.id, url: insight.url });
    expect(doc.metadata.kind).toBe('insight');
    expect(doc.metadata.quotes.length).toBeGreaterThan(0);
    for (const quote of doc.metadata.quotes) {
      expect(doc.text).toContain(quote.text);
    }
    const links = answer.content.filter((item) => item.type === 'resource_link');
    expect(links.map((link) => link.name)).toEqual(doc.metadata.quotes.map((q) => q.fetch_id));
  });

  it('answers a transcript range as timed lines, and the episode it belongs to', async () => {
    const { results } = await search('battery recycling');
    const range = results.find((r) => r.id.startsWith('transcript/')) as Result;
    const passage = await call('fetch', { id: range.id });
    const doc = passage.structuredContent as { text: string; metadata: { episode_slug: string } };
    expect(doc.text).toMatch(/^\[\d{2}:\d{2}\] /);
    const slug = doc.metadata.episode_slug;
    const episode = (await servedSnapshot(t)).findEpisodeBySlug(slug);
    const whole = await call('fetch', { id: `episode/${slug}` });
    expect(whole.structuredContent).toMatchObject({
      id: `episode/${slug}`,
      title: episode?.title,
      url: `${base}/episodes/${slug}?t=0`,
      metadata: { kind: 'episode', feed_id: episode?.feed_id },
    });
  });

  it.each([
    ['an id of no kind it knows', 'podcast/whatever', 'not a search result id'],
    ['an episode that does not exist', 'episode/no-such-episode', 'no-such-episode'],
    ['an insight the episode lacks', 'insight/SLUG/insight:nope', 'insight:nope'],
    ['a range over 15 minutes', 'transcript/SLUG/0-960000', '15 minutes'],
    ['a range that runs backwards', 'transcript/SLUG/5000-1000', 'runs forward'],
  ])('answers %s as a tool error', async (_what, id, words) => {
    const slug = (await servedSnapshot(t)).episodes[0]?.slug as string;
    const answer = await call('fetch', { id: id.replace('SLUG', slug) });
    expect(answer.isError).toBe(true);
    expect(JSON.stringify(answer.content)).toContain(words);
  });
});
