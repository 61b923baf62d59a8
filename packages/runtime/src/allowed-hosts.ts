import { z } from 'zod';
import { type AddressPolicy, classifyAddress, ipAddressBytes } from './outbound-guard.js';

/**
 * OUTBOUND_ALLOWED_HOSTS: host names or IP literals an operator lets
 * outbound calls reach although they resolve to a non-public address (an
 * audio origin on the LAN). An entry names the host as a URL writes it:
 * `nas.lan` admits `http://nas.lan/…` whatever it resolves to, and a name
 * that merely resolves to a listed IP is not admitted by that IP. Matching
 * is exact (no wildcards, no subdomains), case-insensitive, and ignores a
 * trailing dot; IP literals compare by value (`::1` equals `0:0:0:0:0:0:0:1`).
 */
export type AllowedHosts = readonly string[];

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** One entry or URL host in the form it is compared in; undefined when it is neither a name nor an IP. */
export function normaliseHost(host: string): string | undefined {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  const bytes = ipAddressBytes(bare);
  if (bytes !== undefined) {
    return bytes.join('.');
  }
  return HOST_NAME.test(bare) ? bare : undefined;
}

/** The comma-separated variable, each entry checked and normalised; empty by default. */
export const OutboundAllowedHosts = z
  .string()
  .default('')
  .transform((text, ctx): AllowedHosts => {
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const hosts: string[] = [];
    for (const entry of entries) {
      const host = normaliseHost(entry);
      if (host === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not a host name or IP address (no scheme, port or path)`,
        });
        return z.NEVER;
      }
      hosts.push(host);
    }
    return hosts;
  });

export function isAllowedHost(allowed: AllowedHosts, hostname: string): boolean {
  const host = normaliseHost(hostname);
  return host !== undefined && allowed.includes(host);
}

/**
 * What a listed host may resolve to: any unicast address. The unspecified
 * address (which Linux connects to loopback) and multicast stay refused.
 */
const listedHostPolicy: AddressPolicy = (address) =>
  !['unspecified', 'multicast', 'invalid'].includes(classifyAddress(address));

/**
 * The address policy for one hop: the listed-host policy when the hop's
 * host is listed, else `base` (the strict policy in production). Chosen per
 * hop, so a listed host redirecting to an unlisted private name or address
 * is still refused.
 */
export function hostPolicy(
  base: AddressPolicy,
  allowed: AllowedHosts,
  hostname: string,
): AddressPolicy {
  return isAllowedHost(allowed, hostname) ? listedHostPolicy : base;
}
