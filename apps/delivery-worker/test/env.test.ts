import { describe, expect, it } from '@jest/globals';
import { configErrorOf } from '@podcast/testing';
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
      PODCAST_TENANT: 'development',
      OUTBOUND_ALLOWED_HOSTS: [],
    });
  });

  it('reads every variable when set', () => {
    const env = {
      ...REQUIRED,
      LOG_LEVEL: 'warn',
      PODCAST_DEV_OUTBOX_URL: 'http://127.0.0.1:8025/outbox',
      PODCAST_TENANT: 'production',
    };
    expect(loadWorkerConfig({ ...env, OUTBOUND_ALLOWED_HOSTS: 'Push.LAN, 10.0.0.9' })).toEqual({
      ...env,
      OUTBOUND_ALLOWED_HOSTS: ['push.lan', '10.0.0.9'],
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
  ])('refuses a missing or bad %s with one line naming it', (variable, env) => {
    const message = configErrorOf(() => loadWorkerConfig({ ...REQUIRED, ...env }));
    expect(message).toMatch(new RegExp(`^invalid configuration: ${variable}: [^\\n]+$`));
  });
});
