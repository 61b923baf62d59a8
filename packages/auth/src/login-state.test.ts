import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  decodeLoginState,
  encodeLoginState,
  LOGIN_STATE_TTL_MS,
  newLoginState,
  pkceChallenge,
} from './login-state.js';
import { signValue } from './signed-value.js';

const SECRET = 'a-session-secret-of-at-least-32-chars!';
const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

describe('login state', () => {
  it('round-trips through its signed cookie until it expires', () => {
    const login = newLoginState(randomBytes, NOW);
    const cookie = encodeLoginState(SECRET, login);
    expect(decodeLoginState(SECRET, cookie, NOW + LOGIN_STATE_TTL_MS - 1)).toEqual(login);
    expect(decodeLoginState(SECRET, cookie, NOW + LOGIN_STATE_TTL_MS)).toBeUndefined();
  });

  it('makes fresh random state, nonce and verifier each time', () => {
    const a = newLoginState(randomBytes, NOW);
    const b = newLoginState(randomBytes, NOW);
    expect(new Set([a.state, a.nonce, a.verifier, b.state, b.nonce, b.verifier]).size).toBe(6);
    // RFC 7636: a verifier has 43 to 128 unreserved characters.
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
  });

  it.each([
    ['no cookie', undefined],
    ['an unsigned payload', Buffer.from('{"s":"x"}').toString('base64url')],
    ['a signed non-JSON payload', signValue(SECRET, 'login-state', 'bm90IGpzb24')],
    [
      'a signed payload without a verifier',
      signValue(
        SECRET,
        'login-state',
        Buffer.from(JSON.stringify({ s: 'x', n: 'y', e: NOW + 1000 })).toString('base64url'),
      ),
    ],
  ])('refuses %s', (_name, cookie) => {
    expect(decodeLoginState(SECRET, cookie, NOW)).toBeUndefined();
  });

  it('derives the S256 challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    const verifier = newLoginState(randomBytes, NOW).verifier;
    expect(pkceChallenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });
});
