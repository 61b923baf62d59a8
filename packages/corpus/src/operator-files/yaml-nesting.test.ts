import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { isCollection, parseDocument, visit } from 'yaml';
import { PACKAGED_PROFILES_DIR } from './profile-presets.js';
import { yamlNestingDepth } from './yaml-nesting.js';

/** The depth `yaml` itself finds: collections inside collections. */
function parsedDepth(text: string): number {
  let depth = 0;
  visit(parseDocument(text), {
    Collection(_key, _node, ancestors) {
      depth = Math.max(depth, ancestors.filter((node) => isCollection(node)).length + 1);
    },
  });
  return depth;
}

const N = 100_000;

describe('yamlNestingDepth', () => {
  it.each([
    ['a: 1', 1],
    ['a:\n  b: 1', 2],
    ['- - - - x', 4],
    ['? - a\n  - b\n: c', 2],
    ['a: [1, [2, [3]]]', 4],
    ['a: {b: {c: [1, 2]}}', 4],
    ['k: [\n  "x[", \'y{\',\n  [1]\n]', 3],
    ['a: &x [1, [2]]\nb: *x', 3],
    ['a: !!seq [1, [2]]', 3],
    ['a: "[[[[["', 1],
    ["a: 'it''s [[['", 1],
    ['a: "multi\n  line [[ \n end"\nb: [x]', 2],
    ['a: |\n  [[[[[[\n  ]]\nb: [1]', 2],
    ['a: >-\n  text [\n  more [\nb: c', 1],
    ['# [[[[[\na: b # [[[[', 1],
    ['a: b[c', 1],
    ['url: http://x/[a]', 1],
  ])('estimates %j at %i, the depth yaml finds', (text, expected) => {
    expect(yamlNestingDepth(text)).toBe(expected);
    expect(parsedDepth(text)).toBe(expected);
  });

  it('counts a mapping and a sequence at one indentation once, never more than yaml finds', () => {
    const text = 'a:\n- b:\n  - c:\n    - d: 1\n';
    expect(yamlNestingDepth(text)).toBe(3);
    expect(parsedDepth(text)).toBe(7);
  });

  it.each([
    ['flow sequences', `a: ${'['.repeat(N)}`],
    ['flow mappings', '{a: '.repeat(N / 2)],
    ['compact sequences', `${'- '.repeat(N)}x`],
    ['explicit keys', '? '.repeat(N)],
    ['a flow under an anchor', `a: &x ${'['.repeat(N)}`],
    ['a flow under a tag', `a: !!seq ${'['.repeat(N)}`],
    ['a flow after a quoted key', `"a": ${'['.repeat(N)}`],
    ['a flow on the next line', `a:\n  ${'['.repeat(N)}`],
    ['a flow after a document marker', `--- ${'['.repeat(N)}`],
    ['one bracket a line', '[\n'.repeat(N)],
    ['sequences inside flows', `- [${'- ['.repeat(1000)}`],
    ['a quote closed on the line before', `a: 'x'\nb: ${'['.repeat(N)}`],
  ])('finds %s deeper than 32, stopping early', (_label, text) => {
    expect(yamlNestingDepth(text, 32)).toBe(33);
  });

  it('never estimates a packaged profile deeper than yaml finds it', async () => {
    const names = (await readdir(PACKAGED_PROFILES_DIR)).filter((n) => n.endsWith('.yaml'));
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const text = await readFile(path.join(PACKAGED_PROFILES_DIR, name), 'utf8');
      expect(yamlNestingDepth(text)).toBe(parsedDepth(text));
    }
  });
});
