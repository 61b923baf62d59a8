import { describe, expect, it } from '@jest/globals';
import { sourceAddressKey } from './source-address.js';

describe('sourceAddressKey', () => {
  it.each([
    ['203.0.113.7', 'v4:203.0.113.7'],
    ['::ffff:203.0.113.7', 'v4:203.0.113.7'],
    ['::ffff:cb00:7107', 'v4:203.0.113.7'],
    ['2001:db8:1:2::1', 'v6:20010db800010002'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', 'v6:20010db800010002'],
    ['2001:0db8:0001:0002:ffff::', 'v6:20010db800010002'],
    ['2001:db8:1:3::1', 'v6:20010db800010003'],
    ['2001:db8::1', 'v6:20010db800000000'],
    ['::1', 'v6:0000000000000000'],
    ['fe80::1%eth0', 'v6:fe80000000000000'],
    ['::ffff:1.2.3.4:5', 'other:::ffff:1.2.3.4:5'],
    [undefined, 'other:'],
  ])('keys %s as %s', (address, key) => {
    expect(sourceAddressKey(address)).toBe(key);
  });
});
