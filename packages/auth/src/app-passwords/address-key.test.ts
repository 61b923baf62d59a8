import { describe, expect, it } from '@jest/globals';
import { addressKeyOf } from './address-key.js';

describe('addressKeyOf', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
    ['::ffff:1.2.3.4:5', '::ffff:1.2.3.4:5'],
    ['', ''],
  ])('keys %p as %p', (address, key) => {
    expect(addressKeyOf(address)).toBe(key);
  });
});
