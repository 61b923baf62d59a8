import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AskEvidence } from '@podcast/contracts';
import { strictAddressPolicy, systemResolveHost } from '@podcast/runtime';
import { type FakeChatServer, startFakeChatServer } from '@podcast/testing';
import { type ChatSettings, chatSummarizer, checkedSentences } from '../src/index.js';

function item(n: number, text: string): AskEvidence {
  return {
    n,
    quote: { id: `quote:${n}`, text },
    insight: null,
    speaker: { id: 'person:grace-romano', display_name: 'Grace Romano' },
    episode: {
      episode_id: `e${n}`,
      slug: `episode-${n}`,
      title: `Episode ${n}`,
      show: 'Charge Cycle',
      feed_id: 'feed',
      publish_date: null,
    },
    start_s: 10,
    end_s: 14,
    play_url: `/episodes/episode-${n}?t=10`,
    transcript: { relpath: 'x.txt', char_start: 0, char_end: text.length },
    score: 0.9,
    contradicts: null,
  };
}

const EVIDENCE = [
  item(1, 'Permeable pavement paid for itself in under 4 years.'),
  item(2, 'Most mistakes come from copying what worked elsewhere.'),
  item(3, 'Stormwater retention is mostly a story about money.'),
];

describe('checkedSentences', () => {
  it('keeps cited sentences and strips their citations into numbers', () => {
    expect(
      checkedSentences('It paid off within four years [1]. Money drives it [3, 1]. ', 3),
    ).toEqual([
      { text: 'It paid off within four years.', cites: [1] },
      { text: 'Money drives it.', cites: [1, 3] },
    ]);
  });

  it('drops a sentence without a citation or citing an item that does not exist', () => {
    expect(checkedSentences('A [1]. B with no source. C [2]. D [7].', 3)).toEqual([
      { text: 'A.', cites: [1] },
      { text: 'C.', cites: [2] },
    ]);
  });

  it('drops the whole summary when fewer than half survive, and reads five sentences at most', () => {
    expect(checkedSentences('A [1]. B [8]. C. D [0].', 3)).toBeNull();
    expect(checkedSentences('', 3)).toBeNull();
    const seven = 'A [1]. B [1]. C [2]. D [2]. E [3]. F [3]. G [1].';
    expect(checkedSentences(seven, 3)).toHaveLength(5);
  });
});

describe('chatSummarizer against a local OpenAI-compatible server', () => {
  let chat: FakeChatServer;
  const errors: string[] = [];
  const settings = (): ChatSettings => ({
    baseUrl: chat.baseUrl,
    model: 'fake-model',
    apiKey: 'test-key',
    timeoutMs: 400,
    addressPolicy: strictAddressPolicy,
    allowedHosts: ['127.0.0.1'],
    resolveHost: systemResolveHost,
    onError: (reason) => errors.push(reason),
  });

  beforeAll(async () => {
    chat = await startFakeChatServer();
  });
  afterAll(() => chat.close());

  it('sends the numbered evidence and keeps a fully cited summary', async () => {
    chat.reply = { content: 'Pavement paid for itself [1]. Retention is about money [3].' };
    const summary = await chatSummarizer(settings())('Is pavement worth it?', EVIDENCE);
    expect(summary).toEqual({
      model: 'fake-model',
      sentences: [
        { text: 'Pavement paid for itself.', cites: [1] },
        { text: 'Retention is about money.', cites: [3] },
      ],
    });
    const call = chat.calls.at(-1);
    expect(call?.authorization).toBe('Bearer test-key');
    expect(call?.body.model).toBe('fake-model');
    const user = call?.body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain('[2] Grace Romano (Charge Cycle, "Episode 2")');
    expect(user).toContain(EVIDENCE[2]?.quote.text);
  });

  it('drops a sentence citing an item it invented', async () => {
    chat.reply = {
      content: 'Pavement paid for itself [1]. Cities saved millions [4]. Money matters [3].',
    };
    const summary = await chatSummarizer(settings())('Is pavement worth it?', EVIDENCE);
    expect(summary?.sentences.map((s) => s.cites)).toEqual([[1], [3]]);
  });

  it('gives no summary when most sentences are unsupported', async () => {
    chat.reply = { content: 'Cities saved millions [4]. Everyone agrees. Pavement pays [1].' };
    expect(await chatSummarizer(settings())('q', EVIDENCE)).toBeNull();
  });

  it('falls back to no summary on a timeout, an error status or a refused host', async () => {
    chat.reply = 'hang';
    const started = Date.now();
    expect(await chatSummarizer(settings())('q', EVIDENCE)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(errors.at(-1)).toContain('no answer within 400 ms');
    chat.reply = { status: 500 };
    expect(await chatSummarizer(settings())('q', EVIDENCE)).toBeNull();
    expect(errors.at(-1)).toBe('chat model answered 500');
    const calls = chat.calls.length;
    chat.reply = { content: 'Fine [1].' };
    expect(await chatSummarizer({ ...settings(), allowedHosts: [] })('q', EVIDENCE)).toBeNull();
    expect(errors.at(-1)).toContain('127.0.0.1 resolves to a loopback address');
    expect(chat.calls.length).toBe(calls);
  });
});
