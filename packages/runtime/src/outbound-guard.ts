import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Server-side request forgery guard for calls to URLs that callers supply
 * (an RSS enclosure, a webhook). Every host is resolved once, every address
 * is classified, and the connection is pinned to the vetted address so a DNS
 * answer that changes between the check and the connect cannot slip through.
 */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'invalid';

interface Rule {
  prefix: number[];
  bits: number;
  verdict: AddressClass | 'embedded-v4';
}

function v4(text: string, bits: number, verdict: Rule['verdict']): Rule {
  return { prefix: text.split('.').map(Number), bits, verdict };
}

// First match wins. Ranges from the IANA special-purpose registries.
const V4_RULES: Rule[] = [
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'cgnat'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'),
  v4('192.0.2.0', 24, 'reserved'),
  v4('192.88.99.0', 24, 'reserved'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'reserved'),
  v4('198.51.100.0', 24, 'reserved'),
  v4('203.0.113.0', 24, 'reserved'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

function v6(groups: number[], bits: number, verdict: Rule['verdict']): Rule {
  return { prefix: groups.flatMap((g) => [g >> 8, g & 0xff]), bits, verdict };
}

const V6_RULES: Rule[] = [
  v6([0, 0, 0, 0, 0, 0, 0, 0], 128, 'unspecified'),
  v6([0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'),
  v6([0, 0, 0, 0, 0, 0xffff], 96, 'embedded-v4'), // IPv4-mapped
  v6([0x64, 0xff9b, 0, 0, 0, 0], 96, 'embedded-v4'), // NAT64
  v6([0x64, 0xff9b, 1], 48, 'private'),
  v6([0x2002], 16, 'embedded-v4'), // 6to4
  v6([0x2001, 0], 32, 'reserved'), // Teredo
  v6([0x2001, 2, 0], 48, 'reserved'),
  v6([0x2001, 0xdb8], 32, 'reserved'),
  v6([0xfc00], 7, 'private'),
  v6([0xfe80], 10, 'link-local'),
  v6([0xfec0], 10, 'private'), // deprecated site-local
  v6([0xff00], 8, 'multicast'),
  v6([0x2000], 3, 'public'),
];

function matches(bytes: number[], rule: Rule): boolean {
  for (let bit = 0; bit < rule.bits; bit += 8) {
    const width = Math.min(8, rule.bits - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((rule.prefix[bit / 8] ?? 0) & mask)) {
      return false;
    }
  }
  return true;
}

function v6Groups(text: string): number[] {
  let body = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted) {
    const [a, b, c, d] = (dotted[1] as string).split('.').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    body = `${body.slice(0, -(dotted[1] as string).length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = body.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** The 4 or 16 bytes of an IP literal (an IPv6 zone such as `%eth0` is dropped). */
export function ipAddressBytes(address: string): number[] | undefined {
  const text = address.split('%')[0] ?? '';
  if (isIPv4(text)) {
    return text.split('.').map(Number);
  }
  if (isIPv6(text)) {
    return v6Groups(text).flatMap((g) => [g >> 8, g & 0xff]);
  }
  return undefined;
}

function classifyBytes(bytes: number[]): AddressClass {
  const rules = bytes.length === 4 ? V4_RULES : V6_RULES;
  const rule = rules.find((candidate) => matches(bytes, candidate));
  if (rule === undefined) {
    // IPv4 outside the special ranges is public; IPv6 outside 2000::/3 is unassigned.
    return bytes.length === 4 ? 'public' : 'reserved';
  }
  if (rule.verdict !== 'embedded-v4') {
    return rule.verdict;
  }
  const offset = rule.bits === 16 ? 2 : 12;
  return classifyBytes(bytes.slice(offset, offset + 4));
}

/** What kind of address `address` (an IPv4 or IPv6 literal) is. */
export function classifyAddress(address: string): AddressClass {
  const bytes = ipAddressBytes(address);
  return bytes === undefined ? 'invalid' : classifyBytes(bytes);
}

/** Decides whether an outbound call may connect to an address. */
export type AddressPolicy = (address: string) => boolean;

/** Production policy: public unicast addresses only. */
export const strictAddressPolicy: AddressPolicy = (address) =>
  classifyAddress(address) === 'public';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolveHost: ResolveHost = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** An outbound call the guard would not make; `reason` is safe to log. */
export class OutboundRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OutboundRefused';
  }
}

/**
 * Resolves `hostname` (a name or an IP literal, IPv6 with or without
 * brackets) and returns the address to connect to. Refused when it resolves
 * to nothing or when ANY of its addresses fails the policy, so a name that
 * mixes a public and a private answer is not a way in.
 */
export async function vetHost(
  hostname: string,
  deps: { policy: AddressPolicy; resolveHost: ResolveHost },
): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = ipAddressBytes(bare);
  const answers: ResolvedAddress[] =
    literal !== undefined
      ? [{ address: bare, family: literal.length === 4 ? 4 : 6 }]
      : await deps.resolveHost(bare);
  if (answers.length === 0) {
    throw new OutboundRefused(`${bare} did not resolve`);
  }
  const refused = answers.find(({ address }) => !deps.policy(address));
  if (refused !== undefined) {
    throw new OutboundRefused(`${bare} resolves to a ${classifyAddress(refused.address)} address`);
  }
  return answers[0] as ResolvedAddress;
}

/**
 * A `lookup` for http.request / net.connect that answers with the vetted
 * address only: the socket cannot reach anything the guard did not approve.
 */
export function pinnedLookup(vetted: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: vetted.address, family: vetted.family }]);
    } else {
      callback(null, vetted.address, vetted.family);
    }
  };
}

/**
 * A promise that rejects (OutboundRefused, "timed out") once `signal`
 * aborts: raced against a step that takes no signal, a DNS lookup above all.
 */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new OutboundRefused('timed out')), {
      once: true,
    });
  });
}
