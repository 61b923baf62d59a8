import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const repo = resolve(import.meta.dirname, '..');
const ROOTS = [
  'apps/',
  'packages/',
  'docs/',
  'bench/',
  'scripts/',
  'test/',
  'corpus/',
  'infra/',
  '.ci/',
  '.githooks/',
];
// Placeholders and templates name no single file.
const TEMPLATE = /[…*{}<>$]/;

function markdownFiles(): string[] {
  const found = ['README.md', 'CONTRIBUTING.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(repo, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** Repo paths a Markdown text names: code spans under a top folder, and relative links. */
function namedPaths(file: string, text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(/`([^`\s]+)`/g)) {
    const span = match[1] ?? '';
    if (ROOTS.some((root) => span.startsWith(root)) && !TEMPLATE.test(span)) {
      paths.push(span.split(/[:#]/)[0] as string);
    }
  }
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z]+:/i.test(target) || /^[#/]/.test(target) || TEMPLATE.test(target)) continue;
    paths.push(normalize(join(dirname(file), target.split('#')[0] as string)));
  }
  return paths;
}

function ignoredByGit(path: string): boolean {
  return spawnSync('git', ['check-ignore', '-q', path], { cwd: repo }).status === 0;
}

describe('paths named in the docs', () => {
  it('finds code-span paths and relative links, and skips templates and URLs', () => {
    const text =
      '`packages/db/src/x.ts:12` `apps/a/{slug}` [d](decisions/db.md#top) [w](https://e.org) `npm i`';
    expect(namedPaths('docs/decisions.md', text)).toEqual([
      'packages/db/src/x.ts',
      'docs/decisions/db.md',
    ]);
  });

  it('every named path exists in the repo (or is an output git ignores)', () => {
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(join(repo, file), 'utf8');
      for (const path of namedPaths(file, text)) {
        if (!existsSync(join(repo, path)) && !ignoredByGit(path)) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
