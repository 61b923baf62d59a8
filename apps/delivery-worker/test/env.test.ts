import { describe, expect, it } from '@jest/globals';
import { configErrorLineNaming, configErrorOf } from '@podcast/testing';
import { loadWorkerConfig } from '../src/env.js';

const REQUIRED = {
  PODCAST_INTERNAL_OUTBOX_TOKEN: 'outbox-token-00001',
  PODCAST_APP_BASE_URL: 'https://app.example',
};

describe('delivery-worker configuration', () => {
  it('applies the default of every optional variable', () => {
    expect(loadWorkerConfig(REQUIRED)).toEqual({
      ...REQUIRED,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PODCAST_TENANT: 'development',
      OUTBOUND_ALLOWED_HOSTS: [],
      PODCAST_EMAIL_FROM: 'Podcast <no-reply@localhost>',
      PODCAST_VAPID_SUBJECT: 'mailto:ops@localhost',
      PODCAST_APNS_ENV: 'sandbox',
      PODCAST_METRICS_PORT: 9464,
      PODCAST_CONCURRENCY: 16,
      PODCAST_IDLE_MS: 2000,
      PODCAST_RETRY_ATTEMPTS: 5,
      PODCAST_RETRY_BASE_MS: 500,
      PODCAST_EVENTS_POLL_MS: 30_000,
    });
  });

  it('reads every variable when set', () => {
    const env = {
      ...REQUIRED,
      LOG_LEVEL: 'warn',
      PODCAST_DEV_OUTBOX_URL: 'http://127.0.0.1:8025/outbox',
      PODCAST_TENANT: 'production',
    };
    expect(
      loadWorkerConfig({ ...env, OUTBOUND_ALLOWED_HOSTS: 'Push.LAN, 10.0.0.9' }),
    ).toMatchObject({
      ...env,
      OUTBOUND_ALLOWED_HOSTS: ['push.lan', '10.0.0.9'],
    });
    const push = {
      ...REQUIRED,
      PODCAST_SMTP_URL: 'smtp://mail.lan:2525',
      PODCAST_VAPID_PUBLIC_KEY: 'BPub',
      PODCAST_VAPID_PRIVATE_KEY: 'priv',
      PODCAST_APNS_KEY: '/run/secrets/apns.p8',
      PODCAST_APNS_KEY_ID: 'KEY123',
      PODCAST_APNS_TEAM_ID: 'TEAM123',
      PODCAST_APNS_TOPIC: 'app.podcast',
      PODCAST_APNS_ENV: 'production',
      PODCAST_CONCURRENCY: '32',
      PODCAST_RETRY_ATTEMPTS: '7',
    };
    expect(loadWorkerConfig(push)).toMatchObject({
      ...push,
      PODCAST_CONCURRENCY: 32,
      PODCAST_RETRY_ATTEMPTS: 7,
    });
  });

  it.each([
    ['PODCAST_INTERNAL_OUTBOX_TOKEN', { PODCAST_INTERNAL_OUTBOX_TOKEN: undefined }],
    ['PODCAST_INTERNAL_OUTBOX_TOKEN', { PODCAST_INTERNAL_OUTBOX_TOKEN: 'short' }],
    ['PODCAST_APP_BASE_URL', { PODCAST_APP_BASE_URL: undefined }],
    ['PODCAST_APP_BASE_URL', { PODCAST_APP_BASE_URL: 'app.example' }],
    ['PODCAST_DEV_OUTBOX_URL', { PODCAST_DEV_OUTBOX_URL: 'nowhere' }],
    ['PODCAST_TENANT', { PODCAST_TENANT: 'staging' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['OUTBOUND_ALLOWED_HOSTS', { OUTBOUND_ALLOWED_HOSTS: 'https://push.lan' }],
    ['PODCAST_SMTP_URL', { PODCAST_SMTP_URL: 'http://mail.lan' }],
    ['PODCAST_RELAY_URL', { PODCAST_RELAY_URL: 'ftp://relay.lan' }],
    ['PODCAST_RELAY_API_KEY', { PODCAST_RELAY_URL: 'https://relay.example' }],
    ['PODCAST_EVENTS_POLL_MS', { PODCAST_EVENTS_POLL_MS: '0' }],
    ['PODCAST_VAPID_PRIVATE_KEY', { PODCAST_VAPID_PUBLIC_KEY: 'BPub' }],
    [
      'PODCAST_APNS_KEY_ID',
      { PODCAST_APNS_KEY: 'k', PODCAST_APNS_TEAM_ID: 't', PODCAST_APNS_TOPIC: 'a' },
    ],
    ['PODCAST_APNS_ENV', { PODCAST_APNS_ENV: 'staging' }],
    ['PODCAST_CONCURRENCY', { PODCAST_CONCURRENCY: '0' }],
    ['PODCAST_RETRY_ATTEMPTS', { PODCAST_RETRY_ATTEMPTS: 'many' }],
    ['PODCAST_VAPID_SUBJECT', { PODCAST_VAPID_SUBJECT: 'ops@localhost' }],
  ])('refuses a missing or bad %s with one line naming it', (variable, env) => {
    expect(configErrorOf(() => loadWorkerConfig({ ...REQUIRED, ...env }))).toMatch(
      configErrorLineNaming(variable),
    );
  });
});
