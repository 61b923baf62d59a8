import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AskAnswer } from '@podcast/contracts';
import { createLogger } from '@podcast/runtime';
import { type FakeChatServer, startFakeChatServer } from '@podcast/testing';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import { indexServedCorpus, sampleCopy } from './support/sample-copy.js';

/*
 * The optional summary through the consumer route, against a local server
 * speaking the OpenAI chat API; every log line the process writes is kept,
 * to show the question never reaches one.
 */

const QUESTION = 'What changed at Halvorsen Battery Lab?';
let copy: Awaited<ReturnType<typeof sampleCopy>>;
let t: TestApp;
let chat: FakeChatServer;
const lines: string[] = [];

beforeAll(async () => {
  chat = await startFakeChatServer();
  copy = await sampleCopy('consumer-ask-summary');
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({
    env: {
      CORPUS_DIR: copy.root,
      LLM_BASE_URL: chat.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: 'fake-key',
      LLM_TIMEOUT_MS: '500',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    },
    logger: createLogger('trace', 'consumer-api', { destination }),
  });
  await indexServedCorpus(t);
}, 120_000);
afterAll(async () => {
  await t.close();
  await chat.close();
  await copy.remove();
});

const ask = async () =>
  AskAnswer.parse((await request(t.app).get('/api/app/ask').query({ q: QUESTION })).body);

describe('the summary of an answer', () => {
  it('keeps only sentences citing real evidence items', async () => {
    chat.reply = {
      content: 'The lab saw results improve within a year [1]. It won a national prize [9].',
    };
    const answer = await ask();
    expect(answer.status).toBe('answered');
    expect(answer.summary).toEqual({
      model: 'fake-model',
      sentences: [{ text: 'The lab saw results improve within a year.', cites: [1] }],
    });
    expect(chat.calls.at(-1)?.body.messages.at(-1)?.content).toContain(
      answer.evidence[0]?.quote.text,
    );
  });

  it('answers the extractive evidence without a summary when the model times out or fails', async () => {
    chat.reply = 'hang';
    const started = Date.now();
    const slow = await ask();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(slow).toMatchObject({ status: 'answered', summary: null });
    expect(slow.evidence.length).toBeGreaterThan(0);
    chat.reply = { status: 503 };
    expect(await ask()).toMatchObject({ status: 'answered', summary: null });
  });

  it('never writes the question to a log line', async () => {
    chat.reply = { status: 500 };
    await request(t.app).get('/api/app/ask').query({ q: QUESTION, top_k: '99' });
    await ask();
    const text = lines.join('');
    expect(text).toContain('answer summary skipped');
    expect(text).toContain('/api/app/ask');
    expect(text).not.toContain('Halvorsen');
    expect(text).not.toContain('Battery%20Lab');
  });
});
