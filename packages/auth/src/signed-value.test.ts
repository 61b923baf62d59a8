import { describe, expect, it } from '@jest/globals';
import { signValue, verifySignedValue } from './signed-value.js';

const SECRET = 'a-session-secret-of-at-least-32-chars!';

describe('signed values', () => {
  it('returns the value of a genuine signature', () => {
    const signed = signValue(SECRET, 'session', 'abc_DEF-123');
    expect(verifySignedValue(SECRET, 'session', signed)).toBe('abc_DEF-123');
  });

  it('refuses a signature made with another secret', () => {
    const signed = signValue(`${SECRET}x`, 'session', 'abc');
    expect(verifySignedValue(SECRET, 'session', signed)).toBeUndefined();
  });

  it('refuses a login-state signature presented as a session cookie', () => {
    const signed = signValue(SECRET, 'login-state', 'abc');
    expect(verifySignedValue(SECRET, 'session', signed)).toBeUndefined();
  });

  it.each([
    ['a changed value', (s: string) => `x${s}`],
    ['a changed last character', (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`],
    ['an appended character', (s: string) => `${s}A`],
    ['no signature', (s: string) => s.slice(0, s.lastIndexOf('.'))],
    ['an empty value', (s: string) => s.slice(s.lastIndexOf('.'))],
  ])('refuses %s', (_name, tamper) => {
    const signed = signValue(SECRET, 'session', 'session-id');
    expect(verifySignedValue(SECRET, 'session', tamper(signed))).toBeUndefined();
  });
});
