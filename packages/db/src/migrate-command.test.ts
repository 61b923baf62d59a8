import { describe, expect, it } from '@jest/globals';
import { migrateTarget } from './migrate-command.js';

describe('migrateTarget', () => {
  it.each([
    { env: { DATABASE_URL: 'postgres://h/db' }, expected: { url: 'postgres://h/db' } },
    { env: { PGLITE_DIR: '/data/pg' }, expected: { pgliteDir: '/data/pg' } },
    {
      env: { DATABASE_URL: 'postgres://h/db', PGLITE_DIR: '/data/pg' },
      expected: { url: 'postgres://h/db' },
    },
    { env: { DATABASE_URL: '', PGLITE_DIR: '/data/pg' }, expected: { pgliteDir: '/data/pg' } },
  ])('picks $expected from $env', ({ env, expected }) => {
    expect(migrateTarget(env)).toEqual(expected);
  });

  it('names both variables when neither is set', () => {
    expect(() => migrateTarget({})).toThrow(/DATABASE_URL.*PGLITE_DIR/);
  });
});
