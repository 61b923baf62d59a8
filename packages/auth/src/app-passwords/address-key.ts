import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a source address is throttled under: an IPv4 address as it is,
 * an IPv6 address by its /64 (one subscriber line is given a whole /64, so
 * keying single addresses would hand one caller 2^64 fresh keys). An
 * IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function addressKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) {
    return mapped;
  }
  if (!isIPv6(address)) {
    return address;
  }
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::1.2.3.4) stands for two groups.
  const tailLength = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = Array.from({ length: 8 - headGroups.length - tailLength }, () => '0');
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
