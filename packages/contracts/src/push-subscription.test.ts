import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import { PushSubscription } from './push-subscription.js';

const webPush = {
  endpoint: 'https://push.example.net/send/abc123',
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};
const nativePush = {
  endpoint: 'nativepush://a1b2c3d4',
  kind: 'nativepush',
  platform: 'ios',
  token: 'a1b2c3d4',
};

describe('PushSubscription', () => {
  it('accepts a browser subscription and keeps its extra fields', () => {
    const withExtra = { ...webPush, user_agent: 'Firefox' };
    expect(PushSubscription.parse(withExtra)).toEqual(withExtra);
  });

  it('accepts a native subscription and keeps its extra fields', () => {
    const withExtra = { ...nativePush, app_version: '1.4.0' };
    expect(PushSubscription.parse(withExtra)).toEqual(withExtra);
  });

  it.each([
    [
      'a browser subscription without the auth key',
      { ...webPush, keys: { p256dh: 'x' } },
      'keys.auth',
    ],
    [
      'a plain-http browser endpoint',
      { ...webPush, endpoint: 'http://push.example.net/x' },
      'endpoint',
    ],
    ['a native subscription without its token', { ...nativePush, token: undefined }, 'token'],
    [
      'a native endpoint that hides another token',
      { ...nativePush, endpoint: 'nativepush://zzz' },
      'endpoint',
    ],
    [
      'a native endpoint with the wrong scheme',
      { ...nativePush, endpoint: 'apns://a1b2c3d4' },
      'endpoint',
    ],
    ['an unknown kind', { ...nativePush, kind: 'sms' }, 'kind'],
  ])('refuses %s', (_case, value, path) => {
    expect(issuePaths(PushSubscription.safeParse(value))).toEqual([path]);
  });
});
