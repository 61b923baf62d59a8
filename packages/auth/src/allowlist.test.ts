import { describe, expect, it } from '@jest/globals';
import { isAllowedAccount } from './allowlist.js';

type Env = 'development' | 'production';

describe('isAllowedAccount', () => {
  it.each<[string[], string | null, boolean | undefined, Env, boolean]>([
    [['ann@example.com'], 'ann@example.com', true, 'production', true],
    [['ann@example.com'], 'Ann@Example.COM', undefined, 'production', true],
    [['ann@example.com'], 'bob@example.com', true, 'production', false],
    [['@example.com'], 'bob@example.com', true, 'production', true],
    [['@example.com'], 'bob@mail.example.com', true, 'production', false],
    [['@example.com'], 'bob@example.com.evil.test', true, 'production', false],
    [['@example.com'], 'example.com', true, 'production', false],
    [['@example.com'], 'a@evil.com@example.com', true, 'production', false],
    [['a@evil.com@example.com'], 'a@evil.com@example.com', true, 'production', false],
    [['@example.com'], '"a@evil.com"@example.com', true, 'production', false],
    [['@example.com'], 'bob@example.com.', true, 'production', false],
    [['@example.com'], 'bob@@example.com', true, 'production', false],
    [['@example.com'], ' Bob.Smith+tag@Example.com ', true, 'production', true],
    [['ann@example.com'], 'ann@example.com', false, 'production', false],
    [['ann@example.com'], null, undefined, 'production', false],
    [['*'], null, undefined, 'production', true],
    [[], 'ann@example.com', true, 'production', false],
    [[], 'ann@example.com', true, 'development', true],
    [[], null, undefined, 'development', true],
    [['ann@example.com'], 'bob@example.com', true, 'development', false],
  ])(
    '%j admits %p (verified %p) in %s: %p',
    (allowlist, email, emailVerified, appEnv, expected) => {
      expect(isAllowedAccount(allowlist, { email, emailVerified }, appEnv)).toBe(expected);
    },
  );
});
