import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { configErrorLineNaming, configErrorOf } from '@podcast/testing';
import { loadViewerConfig } from '../src/env.js';

const CORPUS_DIR = '/srv/corpus';

describe('viewer-api configuration', () => {
  it('applies the default of every optional variable', () => {
    expect(loadViewerConfig({ CORPUS_DIR })).toEqual({
      port: 8000,
      host: '127.0.0.1',
      appEnv: 'development',
      logLevel: 'info',
      operatorToken: undefined,
      redisUrl: undefined,
      redisPrefix: 'podcast:',
      jobsApiEnabled: true,
      openRouteLimitPerMinute: 0,
      refreshIntervalMs: 2000,
      rescanIntervalMs: 300000,
      corpusCacheDir: resolve('.data/corpus-cache'),
      // The corpus index is SQLite under DATA_DIR unless CORPUS_INDEX or CORPUS_INDEX_URL says otherwise.
      corpusIndexFile: expect.stringMatching(/\/\.data\/corpus-index\/[0-9a-f]{16}\.sqlite$/),
      corpusIndexFolder: resolve('.data/corpus-index'),
      firstLoadWaitMs: 3000,
      embedding: { kind: 'static_word_vectors' },
      llm: undefined,
      askRerank: undefined,
      searchCacheMb: 256,
      outboundAllowedHosts: [],
      availableProfiles: undefined,
      corpusRoots: { defaultRoot: CORPUS_DIR, allowed: [CORPUS_DIR] },
    });
  });

  it('reads every variable when set', () => {
    const config = loadViewerConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      CORPUS_DIR: 'relative/corpus',
      CORPUS_ROOTS: '/srv/a::/srv/b',
      APP_ENV: 'production',
      LOG_LEVEL: 'debug',
      OPERATOR_TOKEN: 'operator-token-0001',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'viewer-a:',
      JOBS_API_ENABLED: 'false',
      OPEN_ROUTE_RATE_LIMIT: '120',
      CORPUS_REFRESH_MS: '500',
      CORPUS_RESCAN_MS: '45000',
      EMBEDDING_PROVIDER: 'openai_compatible',
      EMBEDDING_MODEL: 'nomic-embed-text',
      EMBEDDING_BASE_URL: 'http://127.0.0.1:11434/v1',
      EMBEDDING_API_KEY: 'key-1',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'qwen2.5:3b',
      LLM_API_KEY: 'key-2',
      LLM_TIMEOUT_MS: '4000',
      SEARCH_CACHE_MB: '64',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      PODCAST_AVAILABLE_PROFILES: ' cheap , ,full',
      DATA_DIR: '/var/lib/podcast',
      CORPUS_CACHE_DIR: 'cache/corpus',
      CORPUS_LOAD_WAIT_MS: '0',
    });
    const defaultRoot = resolve('relative/corpus');
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      appEnv: 'production',
      logLevel: 'debug',
      operatorToken: 'operator-token-0001',
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'viewer-a:',
      jobsApiEnabled: false,
      openRouteLimitPerMinute: 120,
      refreshIntervalMs: 500,
      rescanIntervalMs: 45000,
      corpusCacheDir: resolve('cache/corpus'),
      corpusIndexFile: expect.stringMatching(
        /^\/var\/lib\/podcast\/corpus-index\/[0-9a-f]{16}\.sqlite$/,
      ),
      corpusIndexFolder: '/var/lib/podcast/corpus-index',
      // 0: requests wait for the first load however long it takes.
      firstLoadWaitMs: undefined,
      embedding: {
        kind: 'openai_compatible',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'nomic-embed-text',
        apiKey: 'key-1',
      },
      llm: {
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'qwen2.5:3b',
        apiKey: 'key-2',
        timeoutMs: 4000,
      },
      askRerank: undefined,
      searchCacheMb: 64,
      outboundAllowedHosts: ['127.0.0.1'],
      availableProfiles: ['cheap', 'full'],
      corpusRoots: { defaultRoot, allowed: [defaultRoot, '/srv/a', '/srv/b'] },
    });
  });

  it('keeps the corpus projection under DATA_DIR unless CORPUS_CACHE_DIR names a folder or is off', () => {
    expect(loadViewerConfig({ CORPUS_DIR, DATA_DIR: '/srv/data' }).corpusCacheDir).toBe(
      '/srv/data/corpus-cache',
    );
    expect(
      loadViewerConfig({ CORPUS_DIR, CORPUS_CACHE_DIR: 'off' }).corpusCacheDir,
    ).toBeUndefined();
    expect(() => loadViewerConfig({ CORPUS_DIR, CORPUS_CACHE_DIR: 'a\u0000b' })).toThrow(
      'invalid configuration: CORPUS_CACHE_DIR: must not contain NUL',
    );
  });

  it('refuses a negative or oversized first-load wait, naming the variable', () => {
    for (const value of ['-5', '600001', 'soon']) {
      expect(() => loadViewerConfig({ CORPUS_DIR, CORPUS_LOAD_WAIT_MS: value })).toThrow(
        /^invalid configuration: CORPUS_LOAD_WAIT_MS: /,
      );
    }
  });

  it('needs LLM_MODEL beside LLM_BASE_URL', () => {
    expect(() =>
      loadViewerConfig({ CORPUS_DIR, LLM_BASE_URL: 'http://127.0.0.1:8080/v1' }),
    ).toThrow('invalid configuration: LLM_MODEL: required with LLM_BASE_URL');
  });

  it('treats an empty value as unset', () => {
    expect(loadViewerConfig({ CORPUS_DIR, PORT: '', OPERATOR_TOKEN: '' })).toMatchObject({
      port: 8000,
      operatorToken: undefined,
    });
  });

  it('lists the default root once when CORPUS_ROOTS repeats it', () => {
    const config = loadViewerConfig({ CORPUS_DIR, CORPUS_ROOTS: `${CORPUS_DIR}:/srv/a` });
    expect(config.corpusRoots.allowed).toEqual([CORPUS_DIR, '/srv/a']);
  });

  it.each([
    ['CORPUS_DIR', { CORPUS_DIR: undefined }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '65536' }],
    ['APP_ENV', { APP_ENV: 'staging' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['OPERATOR_TOKEN', { OPERATOR_TOKEN: 'short' }],
    ['REDIS_URL', { REDIS_URL: 'not a url' }],
    ['REDIS_PREFIX', { REDIS_PREFIX: 'a b' }],
    ['JOBS_API_ENABLED', { JOBS_API_ENABLED: 'yes' }],
    ['CORPUS_REFRESH_MS', { CORPUS_REFRESH_MS: '50' }],
    ['CORPUS_RESCAN_MS', { CORPUS_RESCAN_MS: '5' }],
    ['EMBEDDING_PROVIDER', { EMBEDDING_PROVIDER: 'magic' }],
    ['SEARCH_CACHE_MB', { SEARCH_CACHE_MB: '-1' }],
    ['SEARCH_CACHE_MB', { SEARCH_CACHE_MB: 'lots' }],
    ['EMBEDDING_BASE_URL', { EMBEDDING_PROVIDER: 'openai_compatible', EMBEDDING_MODEL: 'm' }],
    [
      'EMBEDDING_MODEL',
      { EMBEDDING_PROVIDER: 'openai_compatible', EMBEDDING_BASE_URL: 'http://h/v1' },
    ],
  ])('refuses a bad %s with one line naming it', (variable, env) => {
    expect(configErrorOf(() => loadViewerConfig({ CORPUS_DIR, ...env }))).toMatch(
      configErrorLineNaming(variable),
    );
  });
});

describe('the corpus index settings', () => {
  it('names the index file consumer-api names for the same DATA_DIR and corpus, by default', () => {
    const config = loadViewerConfig({ CORPUS_DIR, DATA_DIR: '/srv/data', CORPUS_INDEX: 'sqlite' });
    expect(config.corpusIndexFile).toMatch(/^\/srv\/data\/corpus-index\/[0-9a-f]{16}\.sqlite$/);
    expect(config.corpusIndexUrl).toBeUndefined();
    // The same file by default, and none when the projection is asked for.
    expect(loadViewerConfig({ CORPUS_DIR, DATA_DIR: '/srv/data' }).corpusIndexFile).toBe(
      config.corpusIndexFile,
    );
    expect(
      loadViewerConfig({ CORPUS_DIR, CORPUS_INDEX: 'projection' }).corpusIndexFile,
    ).toBeUndefined();
  });

  it('takes a PostgreSQL URL only when CORPUS_INDEX is unset, and refuses another scheme', () => {
    const url = 'postgres://u@127.0.0.1:5432/corpus';
    expect(loadViewerConfig({ CORPUS_DIR, CORPUS_INDEX_URL: url }).corpusIndexUrl).toBe(url);
    const chosen = loadViewerConfig({ CORPUS_DIR, CORPUS_INDEX_URL: url, CORPUS_INDEX: 'sqlite' });
    expect(chosen.corpusIndexUrl).toBeUndefined();
    expect(() => loadViewerConfig({ CORPUS_DIR, CORPUS_INDEX_URL: 'mysql://h/db' })).toThrow(
      /CORPUS_INDEX_URL/,
    );
  });
});
