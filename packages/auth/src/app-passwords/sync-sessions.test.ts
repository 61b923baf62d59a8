import { describe, expect, it } from '@jest/globals';
import { isSyncCookieSecure } from './sync-sessions.js';

describe('isSyncCookieSecure', () => {
  it.each([
    ['production', undefined, true],
    ['production', 'https://podcast.example', true],
    ['production', 'http://podcast.lan:8001', false],
    ['development', undefined, false],
    ['development', 'https://podcast.example', true],
  ] as const)('%s with PUBLIC_BASE_URL %p: %p', (appEnv, publicBaseUrl, expected) => {
    expect(isSyncCookieSecure({ appEnv, publicBaseUrl })).toBe(expected);
  });
});
