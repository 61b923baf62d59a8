import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type CorpusSnapshot, graphIndexOf } from '@podcast/corpus';
import type { TestDatabase } from '@podcast/testing';
import { type IndexEnv, indexEnvFor } from '@podcast/testing/index-suite';
import { buildProductionTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { type IndexedMcpServer, openIndexedMcpServer } from './support/indexed-mcp-server.js';
import { connectWithToken, type LoopbackServer, listenOnLoopback } from './support/mcp-client.js';
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

let served: IndexedMcpServer;
let t: TestApp;
let base = '';
let client: Client;

beforeAll(async () => {
  served = await openIndexedMcpServer(
    'consumer-mcp-search',
    'an-mcp-search-fetch-secret-of-32-chars',
  );
  ({ t, base } = served);
  const { cookie } = await sessionCookieFor(t.ctx, 'connector-user');
  const { access } = await connectedClient(base, cookie);
  client = await connectWithToken(base, access, 'connector');
}, 180_000);

afterAll(async () => {
  await client.close();
  await served.close();
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

/*
 * CORPUS_INDEX=sqlite and CORPUS_INDEX_URL: the tools that read the corpus
 * through the holdings and the tools' graph answer, over the same copy,
 * exactly what they answer from the projection, without loading it.
 */

const SECRET = 'an-mcp-search-fetch-secret-of-32-chars';
const EVERY_SCOPE = 'corpus:read library:read library:write capture:write';

type Call = [name: string, args: Record<string, unknown>];

/** A client of `server`'s app for a user of its own, holding every scope. */
async function everyScopeClient(app: TestApp, server: { base: string }, user: string) {
  const { cookie } = await sessionCookieFor(app.ctx, user);
  const { access } = await connectedClient(server.base, cookie, { scope: EVERY_SCOPE });
  return connectWithToken(server.base, access, user);
}

/** A tool's whole answer (error flag, content, structured content), its server's origin named alike. */
async function toolAnswer(on: { client: Client; base: string }, [name, args]: Call) {
  const answer = await on.client.callTool({ name, arguments: args });
  return { name, args, answer: JSON.parse(JSON.stringify(answer).replaceAll(on.base, 'BASE')) };
}

/** Episodes, insights, transcript ranges and fetch ids of the corpus, found and not. */
function episodeCalls(snapshot: CorpusSnapshot): Call[] {
  const calls: Call[] = [
    ['episode_insights', { episode_slug: 'no-such-episode' }],
    ['episode_insights', { episode_slug: '' }],
    ['episode_insights', { episode_slug: snapshot.episodes[0]?.slug, limit: 0 }],
    ['episode_insights', { episode_slug: snapshot.episodes[0]?.slug, limit: 1 }],
    ['fetch', { id: 'podcast/whatever' }],
    ['fetch', { id: 'episode/no-such-episode' }],
    ['fetch', { id: 'transcript/no-such-episode/0-1000' }],
    ['ask', { question: 'what is said?', scope: 'episode', episode_slug: 'no-such-episode' }],
    ['ask', { question: 'what is said?', scope: 'episode' }],
    ['save_highlight', { episode_slug: 'no-such-episode', quote_id: 'q' }],
    ['queue_episode', { episode_slug: 'no-such-episode' }],
    ['follow_show', { episode_slug: 'no-such-episode' }],
  ];
  for (const episode of snapshot.episodes) {
    const slug = episode.slug;
    const quotes = snapshot.graphOf(episode)?.quotes ?? [];
    const timed = quotes.find((quote) => quote.timestamp_start_ms !== undefined);
    const start = timed?.timestamp_start_ms ?? 0;
    calls.push(
      ['episode_insights', { episode_slug: slug, limit: 50 }],
      ['fetch', { id: `episode/${slug}` }],
      ['fetch', { id: `insight/${slug}/insight:nope` }],
      ['fetch', { id: `transcript/${slug}/${start}-${start + 90_000}` }],
      ['fetch', { id: `transcript/${slug}/0-960000` }],
      ['fetch', { id: `transcript/${slug}/5000-1000` }],
      ['save_highlight', { episode_slug: slug, quote_id: 'quote:nope' }],
    );
    const insights = snapshot.graphOf(episode)?.insights ?? [];
    for (const insight of new Set([insights[0], insights.at(-1)])) {
      if (insight !== undefined) {
        calls.push(['fetch', { id: `insight/${slug}/${insight.id}` }]);
      }
    }
  }
  return calls;
}

/** Graph calls over ids the graph holds (a few of each kind, bare and prefixed) and ids it lacks. */
async function graphCalls(snapshot: CorpusSnapshot, relations: readonly string[]): Promise<Call[]> {
  const index = await graphIndexOf(snapshot);
  const some = (ids: Iterable<string>) => {
    const list = [...ids];
    return [...new Set([list[0], list[Math.floor(list.length / 2)], list.at(-1)])].flatMap(
      (id) => id ?? [],
    );
  };
  const topics = some(index.byTopic.keys());
  const persons = some(index.bySpeaker.keys());
  const ids = [
    ...topics,
    ...persons,
    ...some(index.byInsightId.keys()),
    ...[...topics, ...persons].map((id) => id.replace(/^[a-z]+:/, '')),
    'topic:no-such-topic',
    'nobody',
  ];
  return [
    ...relations.flatMap((relation): Call[] => [
      ...ids.map((id): Call => ['graph_related', { relation, id }]),
      ['graph_related', { relation, id: ids[0], k: 1 }],
      ['graph_related', { relation, id: '' }],
    ]),
    ['graph_related', { relation: 'no_such_relation', id: 'x' }],
    ...[...topics, 'no-such-topic', ''].map((id): Call => ['topic_people', { topic_id: id }]),
  ];
}

describe.each(['sqlite', 'postgres'] as const)(
  'the tools on the corpus index, in %s',
  (dialect) => {
    let database: TestDatabase | undefined;
    let dataDir = '';
    let indexed: TestApp;
    let indexedServer: LoopbackServer;
    let onIndex: { client: Client; base: string };
    let onProjection: { client: Client; base: string };
    let snapshot: CorpusSnapshot;

    beforeAll(async () => {
      dataDir = await realpath(await mkdtemp(path.join(tmpdir(), 'consumer-mcp-index-')));
      let env: IndexEnv;
      ({ env, database } = await indexEnvFor(dialect, dataDir));
      indexed = await buildProductionTestApp(SECRET, { env: { CORPUS_DIR: served.root, ...env } });
      await indexed.ctx.corpusIndex?.ingestNow();
      indexedServer = await listenOnLoopback(indexed.app);
      onIndex = {
        client: await everyScopeClient(indexed, indexedServer, 'index-user'),
        base: indexedServer.base,
      };
      // A user of its own per engine, so the writes find the same state in both apps.
      onProjection = { client: await everyScopeClient(t, served, `projection-${dialect}`), base };
      snapshot = await servedSnapshot(t);
    }, 120_000);
    afterAll(async () => {
      await onIndex?.client.close();
      await onProjection?.client.close();
      await indexedServer?.close();
      await indexed?.close();
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    async function expectSameToolAnswers(calls: readonly Call[]) {
      let errors = 0;
      for (const call of calls) {
        const expected = await toolAnswer(onProjection, call);
        expect(await toolAnswer(onIndex, call)).toEqual(expected);
        errors += expected.answer.isError === true ? 1 : 0;
      }
      // Both kinds of answer were compared.
      expect([errors > 0, errors < calls.length]).toEqual([true, true]);
    }

    it('answers episodes, insights, fetches and the graph as the projection does, without it', async () => {
      expect(indexed.ctx.corpusIndex?.isIngester()).toBe(true);
      await expectSameToolAnswers([
        ...episodeCalls(snapshot),
        ...(await graphCalls(snapshot, ['related_topics', 'co_speakers'])),
      ]);
      // Answered from the index and the files alone: no projection was loaded.
      expect(indexed.ctx.corpus.describe()).toEqual([]);
    });

    it('follows, queues and reads the library as the projection does, without it', async () => {
      const [first, second] = snapshot.episodes;
      await expectSameToolAnswers([
        ['follow_show', { episode_slug: first?.slug }],
        ['follow_show', { episode_slug: second?.slug }],
        ['follow_show', { episode_slug: first?.slug }],
        ['follow_show', { feed_id: 'no-such-feed' }],
        ['queue_episode', { episode_slug: second?.slug }],
        ['queue_episode', { episode_slug: first?.slug }],
        ['queue_episode', { episode_slug: second?.slug }],
      ]);
      // The library's shows, its subscription times left out (each app's own clock).
      const library = async (on: { client: Client }) => {
        const answer = await on.client.callTool({ name: 'my_library', arguments: {} });
        const { items } = answer.structuredContent as { items: Record<string, unknown>[] };
        return items.map(({ subscribed_at: _at, ...item }) => item);
      };
      const shows = await library(onProjection);
      expect(shows).toHaveLength(2);
      expect(await library(onIndex)).toEqual(shows);
      expect(indexed.ctx.corpus.describe()).toEqual([]);
    });

    it('answers questions over the corpus, an episode and the library as the projection does, without it', async () => {
      const episode = snapshot.episodes.find((e) => e.title.startsWith('Lithium Iron Phosphate'));
      await expectSameToolAnswers([
        ['ask', { question: 'What does research at the Northern Cell Consortium show?' }],
        ['ask', { question: 'battery recycling', top_k: 10 }],
        ['ask', { question: 'battery recycling', scope: 'episode', episode_slug: episode?.slug }],
        ['ask', { question: 'Is napping mostly a story about money?', scope: 'library' }],
        ['ask', { question: 'How do you bake sourdough bread?' }],
        ['ask', { question: 'battery recycling', scope: 'episode', episode_slug: 'nope' }],
        ['ask', { question: '' }],
      ]);
      const answer = await onIndex.client.callTool({
        name: 'ask',
        arguments: { question: 'battery recycling', top_k: 10 },
      });
      expect((answer.structuredContent as { status: string }).status).toBe('answered');
      expect(indexed.ctx.corpus.describe()).toEqual([]);
    });

    it('answers search, the entity relations and highlights as the projection does, without it', async () => {
      const episode = snapshot.episodes.find(
        (e) => e.transcript_relpath && (snapshot.graphOf(e)?.quotes.length ?? 0) > 0,
      );
      const quote = episode && snapshot.graphOf(episode)?.quotes[0];
      await expectSameToolAnswers([
        ['search', { query: 'battery recycling' }],
        ['search', { query: 'zzzqqqxxyy' }],
        ['search_corpus', { query: 'battery recycling' }],
        ['save_highlight', { episode_slug: episode?.slug, quote_id: quote?.id }],
        ['save_highlight', { episode_slug: episode?.slug, quote_text: quote?.text }],
        ['save_highlight', { episode_slug: episode?.slug, quote_text: 'words nobody ever said' }],
        ...(await graphCalls(snapshot, [
          'stated_by',
          'insights_about',
          'related_insights',
          'entities_in',
          'topic_entities',
        ])),
      ]);
      expect(indexed.ctx.corpus.describe()).toEqual([]);
    });
  },
);

describe.each(['sqlite', 'postgres'] as const)(
  'the tools while a first build reads the layers, in %s',
  (dialect) => {
    it('acts on the catalog at once and reads the graph once the layers are built', async () => {
      const dataDir = await realpath(await mkdtemp(path.join(tmpdir(), 'consumer-mcp-layers-')));
      const { env, database } = await indexEnvFor(dialect, dataDir);
      let release = () => {};
      const layersHeld = new Promise<void>((resolve) => {
        release = resolve;
      });
      const app = await buildProductionTestApp(SECRET, {
        // Requests do not wait for the held pass: they answer at once.
        env: { CORPUS_DIR: served.root, ...env, CORPUS_LOAD_WAIT_MS: '1' },
        corpusIndex: { heartbeatMs: 100, beforeLayers: () => layersHeld },
      });
      const server = await listenOnLoopback(app.app);
      const index = app.ctx.corpusIndex;
      let client: Client | undefined;
      try {
        client = await everyScopeClient(app, server, 'held-user');
        const held = client;
        await waitFor(() => index?.view() !== undefined);
        expect(index?.view()?.layers).toBe(false);
        const slug = (await servedSnapshot(t)).episodes[0]?.slug as string;
        const call = (name: string, args: Record<string, unknown>) =>
          held.callTool({ name, arguments: args }) as Promise<CallToolResult>;
        const queued = await call('queue_episode', { episode_slug: slug });
        expect(queued.structuredContent).toMatchObject({ episode_slug: slug, position: 1 });
        const reads: [string, Record<string, unknown>][] = [
          ['episode_insights', { episode_slug: slug }],
          ['fetch', { id: `episode/${slug}` }],
          ['graph_related', { relation: 'related_topics', id: 'topic:x' }],
          ['topic_people', { topic_id: 'topic:x' }],
        ];
        for (const [name, args] of reads) {
          const answer = await call(name, args);
          expect([name, answer.isError, JSON.stringify(answer.content)]).toEqual([
            name,
            true,
            expect.stringContaining('still loading; retry shortly'),
          ]);
        }

        release();
        await waitFor(() => index?.view()?.layers === true);
        for (const [name, args] of reads) {
          expect([name, (await call(name, args)).isError ?? false]).toEqual([name, false]);
        }
        expect(app.ctx.corpus.describe()).toEqual([]);
      } finally {
        release();
        await client?.close();
        await server.close();
        await app.close();
        await database?.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);

async function waitFor(test: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) {
      throw new Error(`not so within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
