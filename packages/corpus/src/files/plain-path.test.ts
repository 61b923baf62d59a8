import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { isPlainRelative, joinUnder } from './plain-path.js';

describe('joinUnder', () => {
  const roots = [
    '/corpus',
    '/srv/corpus',
    '/',
    '/corpus/',
    '/a/../corpus',
    '/a//b',
    'relative/root',
  ];
  const relpaths = [
    'feeds/a/run_1/metadata/0001 - one.gi.json',
    'metadata/x.metadata.json',
    './metadata/x.json',
    'a/../b.json',
    'a//b.json',
    'a/b/',
    '/abs.json',
    '..',
    '.hidden/x.json',
    'a\\b.json',
    '',
  ];

  it.each(roots.flatMap((root) => relpaths.map((relpath) => [root, relpath])))(
    'gives what path.join gives for %j and %j',
    (root, relpath) => {
      expect(joinUnder(root, relpath)).toBe(path.join(root, relpath));
    },
  );

  it('calls a path plain only when normalising leaves it as it is', () => {
    for (const relpath of relpaths) {
      if (isPlainRelative(relpath)) {
        expect(path.posix.normalize(relpath)).toBe(relpath);
      }
    }
    expect(relpaths.filter(isPlainRelative)).toEqual([
      'feeds/a/run_1/metadata/0001 - one.gi.json',
      'metadata/x.metadata.json',
      '.hidden/x.json',
    ]);
  });
});
