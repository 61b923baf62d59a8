import http from 'node:http';
import https from 'node:https';
import { type AllowedHosts, hostPolicy } from './allowed-hosts.js';
import {
  type AddressPolicy,
  OutboundRefused,
  pinnedLookup,
  type ResolvedAddress,
  type ResolveHost,
  strictAddressPolicy,
  systemResolveHost,
  untilAborted,
  vetHost,
} from './outbound-guard.js';

export interface AudioCheckSettings {
  /** Which resolved addresses may be contacted (production: strictAddressPolicy). */
  addressPolicy: AddressPolicy;
  /** Hosts that may resolve to a non-public address (OUTBOUND_ALLOWED_HOSTS); empty by default. */
  allowedHosts: AllowedHosts;
  resolveHost: ResolveHost;
  /** Budget for the whole check, every hop and lookup included. */
  timeoutMs: number;
  /** Redirects followed before giving up. */
  maxRedirects: number;
}

/**
 * Production settings: public addresses only, 3 s for the whole check, five
 * redirects. An app builds its settings from these once (plus any allowed
 * LAN hosts) and hands them down; tests pass their own.
 */
export function defaultAudioCheckSettings(
  overrides: Partial<AudioCheckSettings> = {},
): AudioCheckSettings {
  return {
    addressPolicy: strictAddressPolicy,
    allowedHosts: [],
    resolveHost: systemResolveHost,
    timeoutMs: 3000,
    maxRedirects: 5,
    ...overrides,
  };
}

/** The outcome of `validate=true`; `reason` is for logs, never for the client. */
export interface AudioCheck {
  verified: boolean;
  resolved_url?: string;
  content_length?: number;
  reason?: string;
}

interface HeadResult {
  status: number;
  location?: string;
  contentLength?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function headOnce(url: URL, vetted: ResolvedAddress, signal: AbortSignal): Promise<HeadResult> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'HEAD',
        agent: false, // no pooled socket: every hop connects to its own vetted address
        lookup: pinnedLookup(vetted),
        signal,
        headers: {
          accept: '*/*',
          'accept-encoding': 'identity',
          'user-agent': 'podcast-app/0.1 (audio check)',
        },
      },
      (res) => {
        res.resume();
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          contentLength: res.headers['content-length'],
        });
        req.destroy();
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function lengthOf(header: string | undefined): number | undefined {
  const value = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
  return value !== undefined && Number.isSafeInteger(value) ? value : undefined;
}

async function walk(
  start: URL,
  settings: AudioCheckSettings,
  signal: AbortSignal,
): Promise<AudioCheck> {
  const aborted = untilAborted(signal);
  aborted.catch(() => undefined);
  let url = start;
  for (let hop = 0; hop <= settings.maxRedirects; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { verified: false, reason: `refused scheme ${url.protocol}` };
    }
    const policy = hostPolicy(settings.addressPolicy, settings.allowedHosts, url.hostname);
    const deps = { policy, resolveHost: settings.resolveHost };
    const vetted = await Promise.race([vetHost(url.hostname, deps), aborted]);
    const result = await headOnce(url, vetted, signal);
    if (REDIRECTS.has(result.status) && result.location !== undefined) {
      url = new URL(result.location, url);
      continue;
    }
    if (result.status < 200 || result.status > 299) {
      return { verified: false, reason: `origin answered ${result.status}` };
    }
    const length = lengthOf(result.contentLength);
    return {
      verified: true,
      resolved_url: url.href,
      ...(length === undefined ? {} : { content_length: length }),
    };
  }
  return { verified: false, reason: `more than ${settings.maxRedirects} redirects` };
}

/**
 * HEADs an origin audio URL, following redirects. Every hop's host is vetted
 * by the address policy before it is contacted and the socket is pinned to the
 * vetted address. Never throws: a refused, failing or slow origin is
 * `verified: false`, because a bad remote is not our server's error.
 */
export async function checkAudioUrl(
  url: string,
  settings: AudioCheckSettings,
): Promise<AudioCheck> {
  let start: URL;
  try {
    start = new URL(url);
  } catch {
    return { verified: false, reason: 'not an absolute URL' };
  }
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    return await walk(start, settings, signal);
  } catch (err) {
    const reason =
      err instanceof OutboundRefused
        ? err.reason
        : signal.aborted
          ? 'timed out'
          : (err as Error).message;
    return { verified: false, reason };
  }
}
