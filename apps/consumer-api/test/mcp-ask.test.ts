import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AskAnswer } from '@podcast/contracts';
import { subscribe } from '@podcast/db';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { bearerClient } from './support/mcp-client.js';
import { connectedClient } from './support/mcp-oauth-flow.js';
import { indexServedCorpus, sampleCopy } from './support/sample-copy.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/* The ask tool through the SDK client, with a read-only token, over the indexed sample. */

let copy: Awaited<ReturnType<typeof sampleCopy>>;
let t: TestApp;
let server: Server;
let base = '';
let client: Client;

beforeAll(async () => {
  copy = await sampleCopy('consumer-mcp-ask');
  t = await buildProductionTestApp('an-mcp-ask-tool-secret-of-32-chars!', {
    env: { CORPUS_DIR: copy.root },
  });
  await indexServedCorpus(t);
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { cookie, user } = await sessionCookieFor(t.ctx, 'asking-agent-user');
  const snapshot = await t.ctx.corpus.get(copy.root);
  const slowWave = snapshot.feeds.find((f) => f.title === 'Slow Wave')?.feed_id ?? '';
  await subscribe(t.ctx.db, user.id, slowWave, new Date());
  const { access } = await connectedClient(base, cookie);
  client = await bearerClient(base, access, 'asking-agent');
}, 180_000);

afterAll(async () => {
  await client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  await copy.remove();
});

async function ask(args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name: 'ask', arguments: args })) as CallToolResult;
}

describe('the ask tool', () => {
  it('is declared once with the answer as its output schema', async () => {
    const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'ask');
    expect(tool?.inputSchema.required).toEqual(['question']);
    expect(Object.keys(tool?.outputSchema?.properties ?? {})).toEqual(Object.keys(AskAnswer.shape));
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('answers structured content with absolute play links, and its JSON as text', async () => {
    const answer = await ask({
      question: 'What does research at the Northern Cell Consortium show?',
    });
    expect(answer.isError).toBeFalsy();
    const body = AskAnswer.parse(answer.structuredContent);
    expect(body.status).toBe('answered');
    expect(body.evidence[0]).toMatchObject({
      insight: { id: 'insight:a785beb8bd4c80df' },
      play_url: expect.stringMatching(new RegExp(`^${base}/episodes/.+\\?t=\\d+$`)),
    });
    expect(JSON.parse((answer.content[0] as { text: string }).text)).toEqual(body);
  });

  it("keeps the library scope to the token's user, and abstains outside it", async () => {
    const mine = AskAnswer.parse(
      (await ask({ question: 'Is napping mostly a story about money?', scope: 'library' }))
        .structuredContent,
    );
    expect(mine.evidence.length).toBeGreaterThan(0);
    expect(new Set(mine.evidence.map((e) => e.episode.show))).toEqual(new Set(['Slow Wave']));
    const outside = AskAnswer.parse(
      (await ask({ question: 'What changed at Halvorsen Battery Lab?', scope: 'library' }))
        .structuredContent,
    );
    expect(outside.evidence.map((e) => e.episode.show)).not.toContain('Charge Cycle');
  });

  it('answers a tool error for an unknown episode and for an empty question', async () => {
    const unknown = await ask({ question: 'x', scope: 'episode', episode_slug: 'nope' });
    expect(unknown.isError).toBe(true);
    expect((unknown.content[0] as { text: string }).text).toContain('nope');
    expect((await ask({ question: '' })).isError).toBe(true);
  });
});
