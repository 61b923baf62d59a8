import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const repo = resolve(import.meta.dirname, '..');
const hook = resolve(repo, '.githooks/commit-msg');
// Commits after this one follow the rule; older history is left as it is.
const RULE_SINCE = 'bb898ad';

function runHook(message: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'commit-msg-')), 'MSG');
  writeFileSync(file, message);
  const run = spawnSync(hook, [file], { cwd: repo, encoding: 'utf8' });
  return { code: run.status, stderr: run.stderr };
}

describe('the commit-msg hook', () => {
  it('accepts a 72-character subject with a body after a blank line', () => {
    const subject = `docs: ${'x'.repeat(66)}`;
    expect(subject).toHaveLength(72);
    expect(runHook(`${subject}\n\nWhy it changed, with figures.\n`)).toEqual({
      code: 0,
      stderr: '',
    });
  });

  it('refuses a 73-character subject and says how long it was', () => {
    const r = runHook(`docs: ${'x'.repeat(67)}\n`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('73 characters');
  });

  it('counts characters, not bytes, and ignores git comment lines', () => {
    const subject = `docs: ${'é'.repeat(66)}`;
    expect(
      runHook(`# Please enter the commit message\n${subject}\n# trailing comment\n`).code,
    ).toBe(0);
  });

  it('refuses an empty subject and a body glued to the subject', () => {
    expect(runHook('\n\nonly a body\n').stderr).toContain('subject line is empty');
    expect(runHook('subject\nbody on line two\n').stderr).toContain('second line must be blank');
  });
});

describe('history on main', () => {
  it('has no subject over 72 characters since the rule began', () => {
    // A shallow clone may lack the starting commit: then the newest one is checked.
    const known = spawnSync('git', ['cat-file', '-e', `${RULE_SINCE}^{commit}`], { cwd: repo });
    const range = known.status === 0 ? [`${RULE_SINCE}..HEAD`] : ['-1', 'HEAD'];
    const log = spawnSync('git', ['log', '--format=%s', ...range], { cwd: repo, encoding: 'utf8' });
    expect(log.status).toBe(0);
    const long = log.stdout.split('\n').filter((subject) => [...subject].length > 72);
    expect(long).toEqual([]);
  });
});
