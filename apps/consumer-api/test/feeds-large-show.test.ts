import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createScratch, type Scratch } from '@podcast/testing';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import { parsedFeed, showFeedPath } from './support/overlay-feeds.js';

/*
 * A show of 5,000 episodes: its feed goes out piece by piece. The framing
 * of the chunked answer shows it: a document built whole and written once
 * would be one chunk of megabytes.
 */

const EPISODES = 5000;
const FEED_ID = 'sha256:large-show';

let scratch: Scratch;
let t: TestApp;

/** Metadata only: what an item needs (title, guid, date, enclosure, a transcript path). */
function writeShow(root: string): void {
  const dir = path.join(root, 'feeds', 'large-show', 'metadata');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < EPISODES; i++) {
    const published = new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString();
    const metadata = {
      feed: { title: 'Large & Long', url: 'https://large.test/rss', feed_id: FEED_ID },
      episode: {
        title: `Episode ${i} — the one about <things> & more`,
        episode_id: `ep-${i}`,
        guid: `guid-${i}`,
        published_date: published,
        description: `Number ${i}. ${'A sentence about the episode. '.repeat(8)}`,
        duration_seconds: 1800 + i,
      },
      content: {
        media_url: `https://media.large.test/${i}.mp3`,
        media_type: 'audio/mpeg',
        transcript_file_path: `transcripts/${i}.txt`,
      },
    };
    writeFileSync(
      path.join(dir, `${String(i).padStart(4, '0')}.metadata.json`),
      JSON.stringify(metadata),
    );
  }
}

interface RawAnswer {
  head: string;
  chunkSizes: number[];
  body: string;
}

/** GET over a bare socket, reading the chunked framing as it arrives. */
function rawGet(port: number, target: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const parts: Buffer[] = [];
    socket.on('data', (data) => parts.push(data));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(parts);
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, split).toString('latin1');
      const chunkSizes: number[] = [];
      const body: Buffer[] = [];
      let at = split + 4;
      while (at < raw.length) {
        const lineEnd = raw.indexOf('\r\n', at);
        const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
        if (size === 0) {
          break;
        }
        chunkSizes.push(size);
        body.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      resolve({ head, chunkSizes, body: Buffer.concat(body).toString('utf8') });
    });
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: feeds.test\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`,
    );
  });
}

beforeAll(async () => {
  scratch = createScratch('feeds-large-show');
  writeShow(scratch.dir);
  t = await buildTestApp({ env: { CORPUS_DIR: scratch.dir } });
  await t.ctx.corpus.get(scratch.dir);
}, 120_000);
afterAll(async () => {
  await t.close();
  scratch.remove();
});

describe('the feed of a show with 5,000 episodes', () => {
  it('streams in pieces of tens of kilobytes, never as one document, and every item arrives', async () => {
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const answer = await rawGet(port, showFeedPath(FEED_ID));
      expect(answer.head).toMatch(/^HTTP\/1\.1 200/);
      expect(answer.head.toLowerCase()).toContain('transfer-encoding: chunked');
      expect(answer.head.toLowerCase()).not.toContain('content-length');
      const total = answer.chunkSizes.reduce((sum, size) => sum + size, 0);
      expect(total).toBeGreaterThan(4_000_000);
      expect(answer.chunkSizes.length).toBeGreaterThan(100);
      expect(Math.max(...answer.chunkSizes)).toBeLessThan(64 * 1024);
      const feed = parsedFeed(answer.body);
      expect(feed.items).toHaveLength(EPISODES);
      expect(feed.items[0]?.title).toBe('Episode 0 — the one about <things> & more');
      expect(feed.items.at(-1)?.guid).toBe(`guid-${EPISODES - 1}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
