import { describe, expect, it } from '@jest/globals';
import { RSS_TAIL, rssDocument } from './rss-document.js';

const CHANNEL = { title: 'A & B', description: 'd', link: 'https://s.test/', imageUrl: null };

describe('rssDocument', () => {
  it('makes items only as the reader asks for more, a bounded piece at a time', async () => {
    let made = 0;
    function* items() {
      for (let i = 0; i < 10_000; i++) {
        made++;
        yield `<item><title>${i}</title>${'x'.repeat(1000)}</item>\n`;
      }
    }
    const document = rssDocument(CHANNEL, items());
    const first = await document.next();
    expect(first.value).toContain('<title>A &amp; B</title>');
    // One piece is about 32 KB: 10,000 items of 1 KB are not made for the first one.
    expect(made).toBeLessThan(40);
    expect(String(first.value).length).toBeLessThan(40 * 1024);
    let pieces = 1;
    let last = '';
    for await (const piece of document) {
      pieces++;
      last = piece;
    }
    expect(made).toBe(10_000);
    expect(pieces).toBeGreaterThan(300);
    expect(last.endsWith(RSS_TAIL)).toBe(true);
  });

  it('leaves out items that have nothing to play', async () => {
    const pieces: string[] = [];
    for await (const piece of rssDocument(CHANNEL, [
      '<item>a</item>',
      undefined,
      '<item>b</item>',
    ])) {
      pieces.push(piece);
    }
    expect(pieces.join('').match(/<item>/g)).toHaveLength(2);
  });
});
