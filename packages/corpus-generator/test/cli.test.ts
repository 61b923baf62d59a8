import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { makeTempDir } from './corpus-tree.js';

const CLI = join(import.meta.dirname, '../src/cli.ts');
// An absolute loader path, because the CLI runs from a temp folder outside the workspace.
const TSX_LOADER = join(import.meta.dirname, '../../../node_modules/tsx/dist/loader.mjs');
const temp = makeTempDir('cli');
// Each case starts Node with the tsx loader, which takes seconds on a busy machine.
const SPAWN_TIMEOUT_MS = 90_000;
afterAll(() => temp.remove());

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', TSX_LOADER, CLI, ...args], {
    encoding: 'utf8',
    cwd: temp.path,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('corpus:generate command line', () => {
  it(
    'exits 2 with the usage text for bad arguments',
    () => {
      const result = run(['--feeds', 'two', '--out', 'x']);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('--feeds must be a whole number');
      expect(result.stderr).toContain('Usage: pnpm corpus:generate');
      expect(existsSync(join(temp.path, 'x'))).toBe(false);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'exits 2 for a layout the options reject before touching the disk',
    () => {
      const result = run(['--feeds', '2', '--episodes', '3', '--layout', 'flat', '--out', 'flat']);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('--layout flat holds a single feed');
      expect(existsSync(join(temp.path, 'flat'))).toBe(false);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'refuses a non-empty output folder without --force and replaces it with --force',
    () => {
      const out = join(temp.path, 'corpus');
      expect(run(['--feeds', '1', '--episodes', '2', '--out', out]).status).toBe(0);
      writeFileSync(join(out, 'stray.txt'), 'left over');
      const refused = run(['--feeds', '1', '--episodes', '2', '--out', out]);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('is not empty; pass --force');
      const forced = run(['--feeds', '1', '--episodes', '2', '--out', out, '--force']);
      expect(forced.status).toBe(0);
      expect(forced.stdout).toMatch(/wrote \d+ files/);
      expect(existsSync(join(out, 'stray.txt'))).toBe(false);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'refuses to replace the folder it runs in',
    () => {
      writeFileSync(join(temp.path, 'keep.txt'), 'mine');
      const result = run(['--feeds', '1', '--episodes', '2', '--out', '.', '--force']);
      expect(result.status).toBe(2);
      expect(existsSync(join(temp.path, 'keep.txt'))).toBe(true);
    },
    SPAWN_TIMEOUT_MS,
  );
});
