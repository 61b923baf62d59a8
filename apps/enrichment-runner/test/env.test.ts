import { describe, expect, it } from '@jest/globals';
import { configErrorLineNaming, configErrorOf } from '@podcast/testing';
import { loadRunnerConfig } from '../src/env.js';

const REQUIRED = { REDIS_URL: 'redis://127.0.0.1:6379', CORPUS_DIR: '/srv/corpus' };

describe('enrichment-runner configuration', () => {
  it('applies the default of every optional variable', () => {
    expect(loadRunnerConfig(REQUIRED)).toEqual({
      ...REQUIRED,
      LOG_LEVEL: 'info',
      REDIS_PREFIX: 'podcast:',
      RUNNER_PIPELINE_CONCURRENCY: 1,
      RUNNER_ENRICHMENT_CONCURRENCY: 1,
      RUNNER_LEASE_MS: 15_000,
    });
  });

  it('reads every variable when set', () => {
    const env = {
      ...REQUIRED,
      LOG_LEVEL: 'trace',
      REDIS_PREFIX: 'tenant-a:',
      PIPELINE_COMMAND: 'python3 -m podcast_pipeline',
      RUNNER_PIPELINE_CONCURRENCY: '2',
      RUNNER_ENRICHMENT_CONCURRENCY: '3',
      RUNNER_LEASE_MS: '5000',
    };
    expect(loadRunnerConfig(env)).toEqual({
      ...env,
      PIPELINE_COMMAND: ['python3', '-m', 'podcast_pipeline'],
      RUNNER_PIPELINE_CONCURRENCY: 2,
      RUNNER_ENRICHMENT_CONCURRENCY: 3,
      RUNNER_LEASE_MS: 5000,
    });
  });

  it.each([
    ['REDIS_URL', { REDIS_URL: undefined }],
    ['REDIS_URL', { REDIS_URL: 'localhost' }],
    ['CORPUS_DIR', { CORPUS_DIR: undefined }],
    ['CORPUS_DIR', { CORPUS_DIR: '' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['REDIS_PREFIX', { REDIS_PREFIX: 'has space' }],
    ['PIPELINE_COMMAND', { PIPELINE_COMMAND: '[]' }],
    ['PIPELINE_COMMAND', { PIPELINE_COMMAND: '["unclosed"' }],
    ['RUNNER_LEASE_MS', { RUNNER_LEASE_MS: '10' }],
    ['RUNNER_PIPELINE_CONCURRENCY', { RUNNER_PIPELINE_CONCURRENCY: '0' }],
  ])('refuses a missing or bad %s with one line naming it', (variable, env) => {
    expect(configErrorOf(() => loadRunnerConfig({ ...REQUIRED, ...env }))).toMatch(
      configErrorLineNaming(variable),
    );
  });
});
