import { describe, expect, it } from '@jest/globals';
import { parseEmailAddress } from './email-address.js';

describe('parseEmailAddress', () => {
  it.each([
    ['ann@example.com', { local: 'ann', domain: 'example.com' }],
    [
      ' Ann.Lee+podcasts@Mail.Example.COM ',
      { local: 'ann.lee+podcasts', domain: 'mail.example.com' },
    ],
    ["o'brien@example.ie", { local: "o'brien", domain: 'example.ie' }],
  ])('reads %p', (text, expected) => {
    expect(parseEmailAddress(text)).toEqual(expected);
  });

  it.each([
    'a@evil.com@example.com',
    '"a@evil.com"@example.com',
    'example.com',
    '@example.com',
    'ann@',
    'ann@example..com',
    'ann@-example.com',
    '.ann@example.com',
    'ann..lee@example.com',
    'ann lee@example.com',
    'ann@exa mple.com',
    `${'a'.repeat(65)}@example.com`,
  ])('refuses %p', (text) => {
    expect(parseEmailAddress(text)).toBeUndefined();
  });
});
