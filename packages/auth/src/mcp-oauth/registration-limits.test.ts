import { describe, expect, it } from '@jest/globals';
import { registrationSourceKey } from './registration-limits.js';

describe('registrationSourceKey', () => {
  it.each([
    ['203.0.113.7', 'v4:203.0.113.7'],
    ['::ffff:203.0.113.7', 'v4:203.0.113.7'],
    ['::ffff:cb00:7107', 'v4:203.0.113.7'],
    ['2001:db8:1:2::1', 'v6:20010db800010002'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', 'v6:20010db800010002'],
    ['2001:db8:1:3::1', 'v6:20010db800010003'],
    ['fe80::1%eth0', 'v6:fe80000000000000'],
    [undefined, 'other:'],
  ])('counts %s as %s', (address, key) => {
    expect(registrationSourceKey(address)).toBe(key);
  });
});
