import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { type AllowedHosts, hostPolicy } from './allowed-hosts.js';
import {
  type AddressPolicy,
  OutboundRefused,
  pinnedLookup,
  type ResolvedAddress,
  type ResolveHost,
  untilAborted,
  vetHost,
} from './outbound-guard.js';

export interface GuardedGetSettings {
  /** Which resolved addresses may be contacted (production: strictAddressPolicy). */
  addressPolicy: AddressPolicy;
  /** Hosts that may resolve to a non-public address (OUTBOUND_ALLOWED_HOSTS). */
  allowedHosts: AllowedHosts;
  resolveHost: ResolveHost;
  /** Budget for the lookup, the connection, the headers and the body together. */
  timeoutMs: number;
  /** A body longer than this is refused, read no further. */
  maxBytes: number;
  /** A certificate authority to trust besides the system's (a test's self-signed one). */
  ca?: string;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What is sent: GET with the client-metadata headers unless a POST says otherwise. */
interface Outgoing {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const METADATA_GET: Outgoing = {
  method: 'GET',
  headers: {
    accept: 'application/json',
    'accept-encoding': 'identity',
    'user-agent': 'podcast-app/0.1 (client metadata)',
  },
};

function readCapped(
  url: URL,
  settings: GuardedGetSettings,
  vetted: ResolvedAddress,
  signal: AbortSignal,
  outgoing: Outgoing,
) {
  return new Promise<GuardedResponse>((resolve, reject) => {
    const req = (url.protocol === 'http:' ? http : https).request(
      url,
      {
        method: outgoing.method,
        agent: false, // no pooled socket: the connection goes to the vetted address only
        lookup: pinnedLookup(vetted),
        signal,
        ...(settings.ca ? { ca: settings.ca } : {}),
        headers: outgoing.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > settings.maxBytes) {
            // Settled here: a destroyed response may still end, with the body cut short.
            reject(new OutboundRefused(`the body is over ${settings.maxBytes} bytes`));
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(outgoing.body);
  });
}

/**
 * GETs a small document over https from a URL someone else supplied: the
 * host is vetted by the address policy and the socket pinned to the vetted
 * address, redirects are answered as they come (never followed), and the
 * body is read up to `maxBytes`. Refusals (a private address, a body too
 * large, the time spent) throw OutboundRefused; a failing remote throws its
 * own error.
 */
export async function guardedGet(url: URL, settings: GuardedGetSettings): Promise<GuardedResponse> {
  if (url.protocol !== 'https:') {
    throw new OutboundRefused(`refused scheme ${url.protocol}`);
  }
  return guardedRequest(url, settings, METADATA_GET);
}

/**
 * POSTs JSON to a service the operator configured (a chat model), under the
 * same guard as guardedGet: vetted, pinned address, no redirect followed,
 * capped body, one time budget. http is allowed because such services often
 * run beside the server; their host still has to pass the address policy
 * (OUTBOUND_ALLOWED_HOSTS for a private one).
 */
export async function guardedPostJson(
  url: URL,
  body: unknown,
  settings: GuardedGetSettings & { headers?: Record<string, string> },
): Promise<GuardedResponse> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundRefused(`refused scheme ${url.protocol}`);
  }
  return guardedRequest(url, settings, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-encoding': 'identity',
      ...settings.headers,
    },
    body: JSON.stringify(body),
  });
}

async function guardedRequest(
  url: URL,
  settings: GuardedGetSettings,
  outgoing: Outgoing,
): Promise<GuardedResponse> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const policy = hostPolicy(settings.addressPolicy, settings.allowedHosts, url.hostname);
    const deps = { policy, resolveHost: settings.resolveHost };
    const aborted = untilAborted(signal);
    aborted.catch(() => undefined);
    const vetted = await Promise.race([vetHost(url.hostname, deps), aborted]);
    return await readCapped(url, settings, vetted, signal, outgoing);
  } catch (err) {
    if (signal.aborted) {
      throw new OutboundRefused(`no answer within ${settings.timeoutMs} ms`);
    }
    throw err;
  }
}
