import { describe, expect, it } from '@jest/globals';
import { accountFromClaims, decodeJwtClaims, idTokenProblem } from './provider-profile.js';

const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

function jwt(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part(claims)}.c2ln`;
}

const expected = { clientId: 'app', issuer: 'https://id.example', nonce: 'n1', nowMs: NOW };
const good = {
  iss: 'https://id.example/',
  aud: 'app',
  exp: NOW / 1000 + 60,
  nonce: 'n1',
  sub: 's',
};

describe('provider claims', () => {
  it('decodes the payload of a JWT and refuses anything else', () => {
    expect(decodeJwtClaims(jwt({ sub: 'x' }))).toEqual({ sub: 'x' });
    expect(decodeJwtClaims('only.two')).toBeUndefined();
    expect(decodeJwtClaims('a.bm90IGpzb24.c')).toBeUndefined();
    expect(decodeJwtClaims(`a.${Buffer.from('[1]').toString('base64url')}.c`)).toBeUndefined();
  });

  it.each([
    ['accepts matching claims', good, undefined],
    ['accepts an audience list with the client', { ...good, aud: ['x', 'app'] }, undefined],
    ['refuses another audience', { ...good, aud: 'other' }, 'another client'],
    ['refuses another issuer', { ...good, iss: 'https://evil.example' }, 'another issuer'],
    ['refuses an expired token', { ...good, exp: NOW / 1000 - 1 }, 'expired'],
    ['refuses another nonce', { ...good, nonce: 'n2' }, 'nonce'],
  ])('%s', (_name, claims, problem) => {
    const found = idTokenProblem(claims, expected);
    if (problem === undefined) {
      expect(found).toBeUndefined();
    } else {
      expect(found).toContain(problem);
    }
  });

  it.each([
    [
      'OIDC claims',
      { sub: 'abc', email: 'ann@example.com', email_verified: true, name: ' Ann ' },
      { subject: 'abc', email: 'ann@example.com', email_verified: true, name: 'Ann' },
      true,
    ],
    [
      'an address its provider marks unverified',
      { sub: 'abc', email: 'ann@example.com', email_verified: false },
      { subject: 'abc', email: 'ann@example.com', email_verified: false, name: null },
      false,
    ],
    [
      'an address its provider says nothing about',
      { sub: 'abc', email: 'ann@example.com' },
      { subject: 'abc', email: 'ann@example.com', email_verified: false, name: null },
      undefined,
    ],
    [
      'a numeric id and login (plain OAuth)',
      { id: 42, login: 'octo' },
      { subject: '42', email: null, email_verified: false, name: 'octo' },
      undefined,
    ],
    [
      'preferred_username when there is no name',
      { sub: 'x', preferred_username: 'ann', email: '' },
      { subject: 'x', email: null, email_verified: false, name: 'ann' },
      undefined,
    ],
  ])('reads the account from %s', (_name, claims, profile, emailVerified) => {
    expect(accountFromClaims('https://id.example', claims)).toEqual({
      profile: { provider: 'https://id.example', ...profile },
      emailVerified,
    });
  });

  it('finds no account without a subject', () => {
    expect(accountFromClaims('p', { email: 'ann@example.com' })).toBeUndefined();
    expect(accountFromClaims('p', { sub: '  ' })).toBeUndefined();
  });
});
