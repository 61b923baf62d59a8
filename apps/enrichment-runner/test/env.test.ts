import { describe, expect, it } from '@jest/globals';
import { configErrorOf } from '@podcast/testing';
import { loadRunnerConfig } from '../src/env.js';

const REQUIRED = { REDIS_URL: 'redis://127.0.0.1:6379', CORPUS_DIR: '/srv/corpus' };

describe('enrichment-runner configuration', () => {
  it('applies the default of every optional variable', () => {
    expect(loadRunnerConfig(REQUIRED)).toEqual({ ...REQUIRED, LOG_LEVEL: 'info' });
  });

  it('reads every variable when set', () => {
    const env = { ...REQUIRED, LOG_LEVEL: 'trace' };
    expect(loadRunnerConfig(env)).toEqual(env);
  });

  it.each([
    ['REDIS_URL', { REDIS_URL: undefined }],
    ['REDIS_URL', { REDIS_URL: 'localhost' }],
    ['CORPUS_DIR', { CORPUS_DIR: undefined }],
    ['CORPUS_DIR', { CORPUS_DIR: '' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('refuses a missing or bad %s with one line naming it', (variable, env) => {
    const message = configErrorOf(() => loadRunnerConfig({ ...REQUIRED, ...env }));
    expect(message).toMatch(new RegExp(`^invalid configuration: ${variable}: [^\\n]+$`));
  });
});
