import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { InvalidRelativePath, NotFound, OutsideCorpusRoots } from '@podcast/contracts';
import { resolveCorpusRoot, resolveInsideRoot } from '../src/roots/corpus-roots.js';
import { makeTempDir, writeText } from './corpus-fixture.js';

let base: string;
let main: string;
let extra: string;
let outside: string;

beforeAll(async () => {
  base = await makeTempDir('roots-');
  main = path.join(base, 'main');
  extra = path.join(base, 'extra');
  outside = path.join(base, 'outside');
  await writeText(main, 'metadata/a.metadata.json', '{}');
  await writeText(main, '%2e%2e/odd.txt', 'odd');
  await writeText(extra, 'sub/b.txt', 'b');
  await writeText(outside, 'secret.txt', 'secret');
  await writeText(base, 'extra-evil/x.txt', 'x');
  await mkdir(path.join(outside, 'dir'), { recursive: true });
  await writeText(outside, 'dir/inner.txt', 'inner');
  await symlink(path.join(outside, 'secret.txt'), path.join(main, 'file-link.txt'));
  await symlink(path.join(outside, 'dir'), path.join(main, 'dir-link'));
  await symlink(path.join(main, 'metadata'), path.join(main, 'inner-link'));
  await symlink(outside, path.join(base, 'outside-link'));
});

describe('resolveCorpusRoot', () => {
  const roots = () => ({ defaultRoot: main, allowed: [extra] });

  it('answers the default root when no path is given', async () => {
    await expect(resolveCorpusRoot(undefined, roots())).resolves.toBe(main);
    await expect(resolveCorpusRoot('', roots())).resolves.toBe(main);
  });

  it.each([
    ['an allowed root', () => extra, () => extra],
    [
      'a folder inside an allowed root',
      () => path.join(extra, 'sub'),
      () => path.join(extra, 'sub'),
    ],
    ['the default root given explicitly', () => main, () => main],
    ['a lexically odd but inside path', () => `${extra}/sub/../sub`, () => path.join(extra, 'sub')],
  ])('accepts %s', async (_case, requested, expected) => {
    await expect(resolveCorpusRoot(requested(), roots())).resolves.toBe(expected());
  });

  it.each([
    ['a sibling directory', () => outside],
    ['a parent directory', () => base],
    ['a symlink leading outside', () => path.join(base, 'outside-link')],
    ['a prefix look-alike', () => `${extra}-evil`],
    ['a missing path outside the roots', () => path.join(base, 'nowhere')],
  ])('refuses %s as outside the roots', async (_case, requested) => {
    await expect(resolveCorpusRoot(requested(), roots())).rejects.toBeInstanceOf(
      OutsideCorpusRoots,
    );
  });

  it('answers NotFound for a missing path inside a root', async () => {
    await expect(resolveCorpusRoot(path.join(extra, 'missing'), roots())).rejects.toBeInstanceOf(
      NotFound,
    );
  });

  it('rejects a NUL byte as invalid', async () => {
    await expect(resolveCorpusRoot(`${extra}\0x`, roots())).rejects.toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('resolveInsideRoot', () => {
  it.each([
    ['an empty path', ''],
    ['an absolute path', '/etc/passwd'],
    ['a parent escape', '../outside/secret.txt'],
    ['a nested parent escape', 'a/../../x'],
    ['a trailing parent segment', 'metadata/..'],
    ['a NUL byte', 'metadata/a\0.json'],
    ['a backslash', 'metadata\\a.metadata.json'],
    ['a drive letter', 'C:/x'],
  ])('refuses %s as an invalid relative path naming the field', async (_case, relpath) => {
    const attempt = resolveInsideRoot(main, relpath, 'relpath');
    await expect(attempt).rejects.toBeInstanceOf(InvalidRelativePath);
    await expect(attempt).rejects.toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('relpath'),
    });
  });

  it.each([
    ['a file symlink', 'file-link.txt'],
    ['a directory symlink', 'dir-link/inner.txt'],
  ])('refuses %s that leads outside the root', async (_case, relpath) => {
    await expect(resolveInsideRoot(main, relpath, 'relpath')).rejects.toBeInstanceOf(
      OutsideCorpusRoots,
    );
  });

  it.each([
    ['a plain file', 'metadata/a.metadata.json', 'metadata/a.metadata.json'],
    ['a literal %2e%2e name, which is just a folder name', '%2e%2e/odd.txt', '%2e%2e/odd.txt'],
    ['a symlink that stays inside', 'inner-link/a.metadata.json', 'metadata/a.metadata.json'],
    ['a ./ segment', './metadata/a.metadata.json', 'metadata/a.metadata.json'],
  ])('resolves %s', async (_case, relpath, target) => {
    await expect(resolveInsideRoot(main, relpath, 'relpath')).resolves.toBe(
      path.join(main, target),
    );
  });

  it('answers NotFound for a missing file', async () => {
    await expect(
      resolveInsideRoot(main, 'metadata/missing.json', 'relpath'),
    ).rejects.toBeInstanceOf(NotFound);
  });
});
