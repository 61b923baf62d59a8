import { ipAddressBytes } from './outbound-guard.js';

const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The key a caller's source address is limited under: an IPv4 address (also
 * when it arrives IPv4-mapped), or an IPv6 address's /64, since one host is
 * routinely given a whole /64 and could otherwise ask from a fresh address
 * each time. Anything else is keyed as it is.
 */
export function sourceAddressKey(address: string | undefined): string {
  const bytes = ipAddressBytes(address ?? '');
  if (bytes === undefined) {
    return `other:${address ?? ''}`;
  }
  const isMapped =
    bytes.length === 16 &&
    bytes.slice(0, 10).every((b) => b === 0) &&
    bytes[10] === 0xff &&
    bytes[11] === 0xff;
  if (bytes.length === 4 || isMapped) {
    return `v4:${bytes.slice(-4).join('.')}`;
  }
  return `v6:${hex(bytes.slice(0, 8))}`;
}
