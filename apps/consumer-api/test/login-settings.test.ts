import { describe, expect, it } from '@jest/globals';
import { loginSettingsOf } from '@podcast/auth';
import { loadConsumerConfig } from '../src/env.js';

const BASE = {
  CORPUS_DIR: '/tmp/corpus',
  SESSION_SECRET: 's'.repeat(32),
  OAUTH_CLIENT_ID: 'app',
  OAUTH_CLIENT_SECRET: 'shh',
  OAUTH_REDIRECT_URL: 'https://app.example/api/app/auth/callback',
};

const settingsFor = (env: Record<string, string | undefined>) =>
  loginSettingsOf(loadConsumerConfig({ ...BASE, ...env }));

describe('loginSettingsOf', () => {
  it('uses discovery when only an issuer is given, naming the provider after it', () => {
    const result = settingsFor({ OAUTH_ISSUER: 'https://id.example/' });
    expect(result.ok && result.settings.source).toEqual({
      kind: 'discovery',
      issuer: 'https://id.example/',
    });
    expect(result.ok && result.settings.providerName).toBe('https://id.example');
  });

  it('prefers explicit endpoints, called with client_secret_post', () => {
    const result = settingsFor({
      OAUTH_ISSUER: 'https://id.example',
      OAUTH_AUTHORIZE_URL: 'https://id.example/auth',
      OAUTH_TOKEN_URL: 'https://id.example/token',
    });
    expect(result.ok && result.settings.source).toEqual({
      kind: 'explicit',
      endpoints: {
        authorizeUrl: 'https://id.example/auth',
        tokenUrl: 'https://id.example/token',
        userinfoUrl: null,
        tokenAuthMethod: 'client_secret_post',
      },
    });
  });

  it('names the authorize origin as provider without an issuer and marks production cookies secure', () => {
    const result = settingsFor({
      APP_ENV: 'production',
      OAUTH_AUTHORIZE_URL: 'https://login.example:8443/oauth/authorize',
      OAUTH_TOKEN_URL: 'https://login.example:8443/oauth/token',
      SESSION_TTL_HOURS: '2',
    });
    expect(result.ok && result.settings.providerName).toBe('https://login.example:8443');
    expect(result.ok && result.settings.isSecure).toBe(true);
    expect(result.ok && result.settings.sessionTtlMs).toBe(2 * 3600 * 1000);
  });

  it.each([
    ['SESSION_SECRET', { SESSION_SECRET: undefined, OAUTH_ISSUER: 'https://id.example' }],
    ['OAUTH_CLIENT_ID', { OAUTH_CLIENT_ID: undefined, OAUTH_ISSUER: 'https://id.example' }],
    ['OAUTH_CLIENT_SECRET', { OAUTH_CLIENT_SECRET: '', OAUTH_ISSUER: 'https://id.example' }],
    ['OAUTH_REDIRECT_URL', { OAUTH_REDIRECT_URL: undefined, OAUTH_ISSUER: 'https://id.example' }],
    ['OAUTH_ISSUER', {}],
    ['OAUTH_ISSUER', { OAUTH_AUTHORIZE_URL: 'https://id.example/auth' }],
  ])('reports %s as missing', (variable, env) => {
    const result = settingsFor(env);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.missing.join(' ')).toContain(variable);
  });
});
