import { describe, expect, it } from '@jest/globals';
import { markdownInline, markdownQuote } from './markdown-text.js';

describe('markdownInline', () => {
  it.each([
    [
      'plain words, a hyphen-ated one, and 3.5 stay',
      'plain words, a hyphen-ated one, and 3.5 stay',
    ],
    ['Ann\n# H', 'Ann \\# H'],
    ['<script>alert(1)</script>', '\\<script\\>alert(1)\\</script\\>'],
    ['[click](javascript:alert(1))', '\\[click\\](javascript:alert(1))'],
    ['![x](https://t.example/p.png)', '\\!\\[x\\](https://t.example/p.png)'],
    [
      '**bold** _em_ `code` ~~s~~ $x$ #tag a|b &lt;',
      '\\*\\*bold\\*\\* \\_em\\_ \\`code\\` \\~\\~s\\~\\~ \\$x\\$ \\#tag a\\|b \\&lt;',
    ],
    ['- item', '\\- item'],
    ['+ item', '\\+ item'],
    ['12. item', '12\\. item'],
    ['3) item', '3\\) item'],
    ['===', '\\==='],
    ['  > quoted', '\\> quoted'],
    ['back\\slash', 'back\\\\slash'],
    ['tab\tand\u2028separator\u0007bell', 'tab and separator bell'],
  ])('writes %j as %j', (text, markdown) => {
    expect(markdownInline(text)).toBe(markdown);
  });
});

describe('markdownQuote', () => {
  it('puts every line in the quote, escaped on its own, empty lines included', () => {
    expect(markdownQuote('Check this.\n# Heading\n\n<b>x</b>\r\n---', '  ')).toEqual([
      '  > Check this.',
      '  > \\# Heading',
      '  >',
      '  > \\<b\\>x\\</b\\>',
      '  > \\---',
    ]);
  });
});
