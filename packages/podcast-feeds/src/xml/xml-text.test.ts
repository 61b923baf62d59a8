import { describe, expect, it } from '@jest/globals';
import { xmlAttribute, xmlElement, xmlText } from './xml-text.js';

describe('XML text', () => {
  it.each([
    ['ampersands', 'Q&A', 'Q&amp;A'],
    ['tags', '<b>bold</b>', '&lt;b&gt;bold&lt;/b&gt;'],
    ['the end of a CDATA section', 'a]]>b', 'a]]&gt;b'],
    ['emoji, kept whole', 'Sleep 😴 & you', 'Sleep 😴 &amp; you'],
    ['control characters XML cannot hold', 'a\u0000b\u001Fc', 'a\uFFFDb\uFFFDc'],
    ['a lone surrogate', 'a\uD83Db', 'a\uFFFDb'],
    ['line breaks, kept in text', 'a\nb', 'a\nb'],
  ])('escapes %s', (_case, input, expected) => {
    expect(xmlText(input)).toBe(expected);
  });

  it('also escapes quotes and whitespace in attribute values', () => {
    expect(xmlAttribute(`say "hi" & 'bye'\n`)).toBe(
      'say &quot;hi&quot; &amp; &apos;bye&apos;&#10;',
    );
  });

  it('writes attributes in order, leaving out undefined ones, self-closed without text', () => {
    expect(xmlElement('x:t', { a: 'b&c', skip: undefined, n: 1.5 })).toBe(
      '<x:t a="b&amp;c" n="1.5"/>',
    );
    expect(xmlElement('t', {}, '1 < 2')).toBe('<t>1 &lt; 2</t>');
  });
});
