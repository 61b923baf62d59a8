import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { readSegments } from '@podcast/corpus';
import { getQueue, listHighlights, listSubscriptions } from '@podcast/db';
import { buildProductionTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { bearerClient, consentAs, MemoryOAuthProvider } from './support/mcp-client.js';
import { connectedClient } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * The tools that act (follow_show, queue_episode, save_highlight) through
 * the SDK client: the step-up a read-only connection goes through to use
 * them, and each one idempotent under retried calls.
 */

const SECRET = 'an-mcp-write-tools-secret-of-32-chars!!';
const REDIRECT = 'http://127.0.0.1:7777/callback';

let t: TestApp;
let server: Server;
let base = '';
let cookie = '';
let userId = '';
let slug = '';
let feedId = '';
let quoteId = '';
let spoken = { text: '', startMs: 0 };

beforeAll(async () => {
  t = await buildProductionTestApp(SECRET);
  server = createServer(t.app);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const session = await sessionCookieFor(t.ctx, 'write-user');
  cookie = session.cookie;
  userId = session.user.id;
  const snapshot = await servedSnapshot(t);
  const episode = snapshot.episodes.find(
    (e) => e.transcript_relpath && (snapshot.graphOf(e)?.quotes.length ?? 0) > 0,
  );
  if (!episode) {
    throw new Error('the sample corpus has no episode with a transcript and quotes');
  }
  slug = episode.slug;
  feedId = episode.feed_id;
  quoteId = snapshot.graphOf(episode)?.quotes[0]?.id as string;
  const segments = (await readSegments(snapshot, episode))?.segments ?? [];
  const segment = segments.find((row) => row.text.split(' ').length >= 8) ?? segments[0];
  spoken = { text: segment?.text.trim() ?? '', startMs: Math.round((segment?.start ?? 0) * 1000) };
});

afterAll(async () => {
  server.close();
  await t.close();
});

/** A client that keeps no refresh token, so a step-up goes back to the user (see below). */
class AccessOnlyProvider extends MemoryOAuthProvider {
  override saveTokens(tokens: OAuthTokens) {
    const { refresh_token: _kept, ...access } = tokens;
    this.saved = access;
  }
}

function transportFor(provider: MemoryOAuthProvider) {
  return new StreamableHTTPClientTransport(new URL(`${base}/api/app/mcp`), {
    authProvider: provider,
  });
}

/** An SDK client holding a token of `scope`, obtained through the flow (supertest). */
async function clientWith(scope: string): Promise<Client> {
  const { access } = await connectedClient(base, cookie, { scope });
  return bearerClient(base, access, 'writer');
}

const ALL = 'corpus:read library:read library:write capture:write';

describe('step-up through the SDK', () => {
  /*
   * SDK 1.32.2 answers a 403 insufficient_scope by refreshing when it holds
   * a refresh token, which cannot widen the scope, and then gives up; a
   * client that keeps none is sent to the user, as the spec's step-up asks.
   */
  it('connects read-only, is refused a write, re-authorizes with the larger scope, then writes', async () => {
    const provider = new AccessOnlyProvider(REDIRECT, {
      client_name: 'Stepping agent',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
    });
    const first = new Client({ name: 'stepping-agent', version: '1.0.0' });
    await expect(first.connect(transportFor(provider))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.searchParams.get('scope')).toBe('corpus:read library:read');
    const back = await consentAs(cookie, provider.authorizationUrl as URL);
    await transportFor(provider).finishAuth(back.searchParams.get('code') as string);

    const transport = transportFor(provider);
    const client = new Client({ name: 'stepping-agent', version: '1.0.0' });
    await client.connect(transport);
    const follow = { name: 'follow_show', arguments: { feed_id: feedId } };
    await expect(client.callTool(follow)).rejects.toBeInstanceOf(UnauthorizedError);
    // The 403 named the scopes to ask for: those held, plus library:write.
    const stepUp = provider.authorizationUrl as URL;
    expect(stepUp.searchParams.get('scope')).toBe('corpus:read library:read library:write');
    const page = await fetch(stepUp, { headers: { cookie } });
    expect(await page.text()).toContain('Follow shows and add episodes to your queue');

    const again = await consentAs(cookie, stepUp);
    await transport.finishAuth(again.searchParams.get('code') as string);
    const followed = await client.callTool(follow);
    expect(followed.isError).toBeFalsy();
    expect(followed.structuredContent).toMatchObject({ feed_id: feedId });
    expect((await client.callTool({ name: 'my_library', arguments: {} })).isError).toBeFalsy();
    await client.close();
  });

  it('answers a token lacking capture:write with the challenge naming it', async () => {
    const { access } = await connectedClient(base, cookie, {
      scope: 'corpus:read library:write',
    });
    const res = await fetch(`${base}/api/app/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${access}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'save_highlight', arguments: { episode_slug: slug, quote_id: quoteId } },
      }),
    });
    expect(res.status).toBe(403);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer error="insufficient_scope"/);
    expect(challenge).toContain('scope="corpus:read library:write capture:write"');
    expect(challenge).toContain(
      `resource_metadata="${base}/.well-known/oauth-protected-resource/api/app/mcp"`,
    );
    expect(await listHighlights(t.ctx.db, userId)).toEqual([]);
  });
});

describe('the tools that act, through the SDK', () => {
  let client: Client;
  beforeAll(async () => {
    client = await clientWith(ALL);
  });
  afterAll(() => client.close());

  it('declares what each tool does to the world, and advertises no list changes', async () => {
    const tools = (await client.listTools()).tools;
    for (const name of ['follow_show', 'queue_episode', 'save_highlight']) {
      expect(tools.find((tool) => tool.name === name)?.annotations).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
    expect(tools.find((tool) => tool.name === 'my_library')?.annotations?.readOnlyHint).toBe(true);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBeFalsy();
  });

  /** Calls `name` five times at once, as retries racing each other would. */
  async function retried(name: string, args: Record<string, unknown>) {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.callTool({ name, arguments: args })),
    );
    for (const answer of answers) {
      expect(answer.isError).toBeFalsy();
    }
    return answers.map((answer) => answer.structuredContent as Record<string, unknown>);
  }

  it('follows a show once under five racing calls, by feed or by episode', async () => {
    const outcomes = await retried('follow_show', { episode_slug: slug });
    expect(outcomes.every((o) => o.feed_id === feedId)).toBe(true);
    const subscriptions = await listSubscriptions(t.ctx.db, userId);
    expect(subscriptions.filter((s) => s.feed_id === feedId)).toHaveLength(1);
    const again = await client.callTool({ name: 'follow_show', arguments: { feed_id: feedId } });
    expect(again.structuredContent).toMatchObject({ already_following: true });
  });

  it('queues an episode once under five racing calls', async () => {
    const outcomes = await retried('queue_episode', { episode_slug: slug });
    expect(outcomes.filter((o) => o.already_queued === false)).toHaveLength(1);
    const queue = await getQueue(t.ctx.db, userId);
    expect(queue.items.filter((item) => item === slug)).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ position: queue.items.indexOf(slug) + 1 });
  });

  it('saves a highlight on a quote once under five racing calls', async () => {
    const outcomes = await retried('save_highlight', { episode_slug: slug, quote_id: quoteId });
    expect(outcomes.filter((o) => o.already_saved === false)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.highlight_id)).size).toBe(1);
    const rows = await listHighlights(t.ctx.db, userId, slug);
    expect(rows.filter((row) => row.id === outcomes[0]?.highlight_id)).toHaveLength(1);
    expect(rows[0]?.kind).toBe('span');
  });

  it('saves a verbatim span of the transcript where the capture routes anchor it', async () => {
    const [saved] = await retried('save_highlight', {
      episode_slug: slug,
      quote_text: spoken.text,
    });
    expect(saved).toMatchObject({
      quote_text: spoken.text,
      start_ms: spoken.startMs,
      anchor_status: 'ok',
      url: `${base}/episodes/${slug}?t=${Math.floor(spoken.startMs / 1000)}`,
    });
    const listed = await client.callTool({
      name: 'my_highlights',
      arguments: { episode_slug: slug },
    });
    const items = (listed.structuredContent as { items: { quote_text: string }[] }).items;
    expect(items.filter((item) => item.quote_text === spoken.text)).toHaveLength(1);
  });

  it.each([
    ['follow_show', { feed_id: 'no-such-feed' }, 'no-such-feed'],
    ['follow_show', {}, 'feed_id or episode_slug'],
    ['queue_episode', { episode_slug: 'no-such-episode' }, 'no-such-episode'],
    ['save_highlight', { episode_slug: 'no-such-episode', quote_id: 'q' }, 'no-such-episode'],
    ['save_highlight', { episode_slug: 'SLUG', quote_id: 'quote:nope' }, 'quote:nope'],
    [
      'save_highlight',
      { episode_slug: 'SLUG', quote_text: 'words nobody ever said here' },
      'verbatim',
    ],
    ['save_highlight', { episode_slug: 'SLUG' }, 'quote_id or quote_text'],
  ])('answers %s %j as a tool error naming %s', async (name, args, words) => {
    const withSlug = Object.fromEntries(
      Object.entries(args).map(([key, value]) => [key, value === 'SLUG' ? slug : value]),
    );
    const answer = await client.callTool({ name, arguments: withSlug });
    expect(answer.isError).toBe(true);
    expect(JSON.stringify(answer.content)).toContain(words);
  });
});
