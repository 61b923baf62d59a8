import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { configErrorLineNaming, configErrorOf } from '@podcast/testing';
import { loadConsumerConfig } from '../src/env.js';

const CORPUS_DIR = '/srv/corpus';

describe('consumer-api configuration', () => {
  it('applies the default of every optional variable', () => {
    expect(loadConsumerConfig({ CORPUS_DIR })).toEqual({
      port: 8001,
      host: '127.0.0.1',
      appEnv: 'development',
      logLevel: 'info',
      corpusDir: CORPUS_DIR,
      refreshIntervalMs: 2000,
      rescanIntervalMs: 300000,
      corpusCacheDir: resolve('.data', 'corpus-cache'),
      // The corpus index is SQLite under DATA_DIR unless CORPUS_INDEX or CORPUS_INDEX_URL says otherwise.
      corpusIndexFile: expect.stringMatching(/\/\.data\/corpus-index\/[0-9a-f]{16}\.sqlite$/),
      firstLoadWaitMs: 3000,
      embedding: { kind: 'static_word_vectors' },
      searchCacheMb: 256,
      outboxLeaseSeconds: 300,
      isSchedulerOn: true,
      schedulerTickMs: 3_600_000,
      database: { pgliteDir: resolve('.data', 'pglite') },
      session: { secret: undefined, ttlHours: 720 },
      oauth: {
        clientId: undefined,
        clientSecret: undefined,
        issuer: undefined,
        authorizeUrl: undefined,
        tokenUrl: undefined,
        userinfoUrl: undefined,
        redirectUrl: undefined,
        scopes: 'openid email profile',
        allowlist: [],
      },
      internalOutboxToken: undefined,
      vapidPublicKey: undefined,
      outboundAllowedHosts: [],
      publicBaseUrl: undefined,
      mcpAllowedOrigins: [],
      trustProxy: false,
      openRouteLimitPerMinute: 0,
    });
  });

  it('reads every variable when set', () => {
    const secret = 's'.repeat(32);
    const config = loadConsumerConfig({
      PORT: '9001',
      HOST: '0.0.0.0',
      CORPUS_DIR: 'relative/corpus',
      APP_ENV: 'production',
      LOG_LEVEL: 'error',
      DATABASE_URL: 'postgresql://app@db:5432/podcast',
      DATA_DIR: '/var/lib/podcast',
      CORPUS_REFRESH_MS: '750',
      CORPUS_RESCAN_MS: '60000',
      SEARCH_CACHE_MB: '512',
      CORPUS_LOAD_WAIT_MS: '250',
      SESSION_SECRET: secret,
      SESSION_TTL_HOURS: '12',
      OAUTH_CLIENT_ID: 'app',
      OAUTH_CLIENT_SECRET: 'shh',
      OAUTH_ISSUER: 'https://id.example',
      OAUTH_AUTHORIZE_URL: 'https://id.example/auth',
      OAUTH_TOKEN_URL: 'https://id.example/token',
      OAUTH_USERINFO_URL: 'https://id.example/userinfo',
      OAUTH_REDIRECT_URL: 'https://app.example/api/app/auth/callback',
      OAUTH_SCOPES: 'openid email',
      AUTH_ALLOWLIST: ' Ann@Example.com, ,@example.org ',
      INTERNAL_OUTBOX_TOKEN: 'outbox-token-00001',
      APP_VAPID_PUBLIC_KEY: 'BPublicKey',
      OUTBOX_LEASE_SECONDS: '60',
      NOTIFICATION_SCHEDULER: 'off',
      NOTIFICATION_TICK_MS: '5000',
      OUTBOUND_ALLOWED_HOSTS: 'nas.lan,192.168.1.5',
      PUBLIC_BASE_URL: 'https://podcast.example:8443/',
      MCP_ALLOWED_ORIGINS: 'https://agent.example, http://localhost:6274/',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      OPEN_ROUTE_RATE_LIMIT: '90',
    });
    expect(config).toEqual({
      port: 9001,
      host: '0.0.0.0',
      appEnv: 'production',
      logLevel: 'error',
      corpusDir: resolve('relative/corpus'),
      refreshIntervalMs: 750,
      rescanIntervalMs: 60000,
      // DATA_DIR also holds the persisted corpus projection.
      corpusCacheDir: '/var/lib/podcast/corpus-cache',
      corpusIndexFile: expect.stringMatching(
        /^\/var\/lib\/podcast\/corpus-index\/[0-9a-f]{16}\.sqlite$/,
      ),
      firstLoadWaitMs: 250,
      embedding: { kind: 'static_word_vectors' },
      searchCacheMb: 512,
      // DATABASE_URL wins over DATA_DIR for the database.
      database: { url: 'postgresql://app@db:5432/podcast' },
      session: { secret, ttlHours: 12 },
      oauth: {
        clientId: 'app',
        clientSecret: 'shh',
        issuer: 'https://id.example',
        authorizeUrl: 'https://id.example/auth',
        tokenUrl: 'https://id.example/token',
        userinfoUrl: 'https://id.example/userinfo',
        redirectUrl: 'https://app.example/api/app/auth/callback',
        scopes: 'openid email',
        allowlist: ['ann@example.com', '@example.org'],
      },
      internalOutboxToken: 'outbox-token-00001',
      vapidPublicKey: 'BPublicKey',
      outboxLeaseSeconds: 60,
      isSchedulerOn: false,
      schedulerTickMs: 5000,
      outboundAllowedHosts: ['nas.lan', '192.168.1.5'],
      publicBaseUrl: 'https://podcast.example:8443',
      mcpAllowedOrigins: ['https://agent.example', 'http://localhost:6274'],
      trustProxy: ['10.0.0.0/8', 'loopback'],
      openRouteLimitPerMinute: 90,
    });
  });

  it.each([
    ['', false],
    ['off', false],
    ['0', false],
    ['1', 1],
    ['192.0.2.10', ['192.0.2.10']],
    ['2001:db8::/32,uniquelocal', ['2001:db8::/32', 'uniquelocal']],
  ])('reads TRUST_PROXY=%p as %p', (value, expected) => {
    expect(loadConsumerConfig({ CORPUS_DIR, TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('places the embedded database under DATA_DIR without DATABASE_URL', () => {
    const config = loadConsumerConfig({ CORPUS_DIR, DATA_DIR: '/var/lib/podcast' });
    expect(config.database).toEqual({ pgliteDir: '/var/lib/podcast/pglite' });
  });

  it('names an SQLite index file under DATA_DIR by default, and none with CORPUS_INDEX=projection', () => {
    const env = { CORPUS_DIR, DATA_DIR: '/var/lib/podcast' };
    const file = loadConsumerConfig(env).corpusIndexFile;
    expect(file).toMatch(/^\/var\/lib\/podcast\/corpus-index\/[0-9a-f]{16}\.sqlite$/);
    expect(loadConsumerConfig({ ...env, CORPUS_INDEX: 'sqlite' }).corpusIndexFile).toBe(file);
    const projection = loadConsumerConfig({ ...env, CORPUS_INDEX: 'projection' });
    expect(projection.corpusIndexFile).toBeUndefined();
    // The same corpus gives the same file, so both APIs on one DATA_DIR share it.
    expect(loadConsumerConfig(env).corpusIndexFile).toBe(file);
    const other = loadConsumerConfig({ ...env, CORPUS_DIR: '/srv/other' }).corpusIndexFile;
    expect(other).not.toBe(file);
  });

  it('opens the PostgreSQL index with CORPUS_INDEX_URL, unless CORPUS_INDEX names another store', () => {
    const url = 'postgresql://index@db.internal:5432/corpus';
    const shared = loadConsumerConfig({ CORPUS_DIR, CORPUS_INDEX_URL: url });
    expect(shared.corpusIndexUrl).toBe(url);
    expect(shared.corpusIndexFile).toBeUndefined();
    const env = { CORPUS_DIR, DATA_DIR: '/var/lib/podcast', CORPUS_INDEX_URL: url };
    const file = loadConsumerConfig({ ...env, CORPUS_INDEX: 'sqlite' });
    expect(file.corpusIndexUrl).toBeUndefined();
    expect(file.corpusIndexFile).toMatch(/^\/var\/lib\/podcast\/corpus-index\//);
    const projection = loadConsumerConfig({ ...env, CORPUS_INDEX: 'projection' });
    expect([projection.corpusIndexUrl, projection.corpusIndexFile]).toEqual([undefined, undefined]);
  });

  it.each([
    ['CORPUS_DIR', { CORPUS_DIR: undefined }],
    ['CORPUS_INDEX', { CORPUS_INDEX: 'postgres' }],
    ['CORPUS_INDEX_URL', { CORPUS_INDEX_URL: 'mysql://db/index' }],
    ['CORPUS_INDEX_URL', { CORPUS_INDEX_URL: 'postgres:not a url' }],
    ['PORT', { PORT: '-1' }],
    ['APP_ENV', { APP_ENV: 'staging' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/podcast' }],
    ['CORPUS_REFRESH_MS', { CORPUS_REFRESH_MS: 'often' }],
    ['CORPUS_RESCAN_MS', { CORPUS_RESCAN_MS: '5' }],
    ['EMBEDDING_PROVIDER', { EMBEDDING_PROVIDER: 'magic' }],
    ['SEARCH_CACHE_MB', { SEARCH_CACHE_MB: '70000' }],
    ['EMBEDDING_BASE_URL', { EMBEDDING_PROVIDER: 'openai_compatible', EMBEDDING_MODEL: 'm' }],
    [
      'EMBEDDING_MODEL',
      { EMBEDDING_PROVIDER: 'openai_compatible', EMBEDDING_BASE_URL: 'http://h/v1' },
    ],
    ['SESSION_SECRET', { SESSION_SECRET: 'too-short' }],
    ['SESSION_TTL_HOURS', { SESSION_TTL_HOURS: '0' }],
    ['SESSION_TTL_HOURS', { SESSION_TTL_HOURS: String(24 * 90 + 1) }],
    ['OAUTH_ISSUER', { OAUTH_ISSUER: 'id.example' }],
    ['OAUTH_AUTHORIZE_URL', { OAUTH_AUTHORIZE_URL: 'nope' }],
    ['OAUTH_TOKEN_URL', { OAUTH_TOKEN_URL: 'nope' }],
    ['OAUTH_USERINFO_URL', { OAUTH_USERINFO_URL: 'nope' }],
    ['OAUTH_REDIRECT_URL', { OAUTH_REDIRECT_URL: '/callback' }],
    ['INTERNAL_OUTBOX_TOKEN', { INTERNAL_OUTBOX_TOKEN: 'short' }],
    ['OUTBOX_LEASE_SECONDS', { OUTBOX_LEASE_SECONDS: '4' }],
    ['OUTBOX_LEASE_SECONDS', { OUTBOX_LEASE_SECONDS: 'soon' }],
    ['NOTIFICATION_SCHEDULER', { NOTIFICATION_SCHEDULER: 'maybe' }],
    ['NOTIFICATION_TICK_MS', { NOTIFICATION_TICK_MS: '10' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'https://podcast.example/app' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'ftp://podcast.example' }],
    ['OUTBOUND_ALLOWED_HOSTS', { OUTBOUND_ALLOWED_HOSTS: 'nas.lan:8080' }],
    ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'https://agent.example/app' }],
    ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'agent.example' }],
    ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'chrome-extension://abc' }],
    // Every hop believed would let any client choose its source address.
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.lan' }],
  ])('refuses a missing or bad %s with one line naming it', (variable, env) => {
    expect(configErrorOf(() => loadConsumerConfig({ CORPUS_DIR, ...env }))).toMatch(
      configErrorLineNaming(variable),
    );
  });
});
