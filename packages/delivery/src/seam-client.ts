import type { DeliveryChannel, PushKind, TerminalEnvelopeStatus } from '@podcast/contracts';

/** The internal outbox seam of consumer-api (spec 02), as the worker calls it. */
export interface SeamClient {
  /**
   * Pending envelopes of the channel (of one push kind when `pushKind` is
   * given), each leased to this worker; raw, validated by the caller.
   */
  pull(channel: DeliveryChannel, limit: number, pushKind?: PushKind): Promise<unknown[]>;
  /** Posts a terminal status; a repeat is a no-op on the seam. */
  report(id: string, status: TerminalEnvelopeStatus, detail?: string): Promise<void>;
}

export interface SeamClientOptions {
  /** The consumer-api origin (PODCAST_APP_BASE_URL, or PODCAST_DEV_OUTBOX_URL for development). */
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** A seam call that did not succeed; `status` is 0 when no answer came. */
export class SeamError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SeamError';
  }
}

const DETAIL_MAX = 2000;

export function createSeamClient(options: SeamClientOptions): SeamClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        ...init,
        headers: { ...init.headers, 'x-internal-token': options.token },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SeamError(0, `seam unreachable: ${err instanceof Error ? err.message : err}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new SeamError(res.status, `seam answered ${res.status} to ${path.split('?')[0]}`);
    }
    return res;
  };
  return {
    async pull(channel, limit, pushKind) {
      const kind = pushKind === undefined ? '' : `&kind=${pushKind}`;
      const res = await call(`/internal/outbox/pending?channel=${channel}&limit=${limit}${kind}`);
      const body = (await res.json()) as { envelopes?: unknown };
      if (!Array.isArray(body.envelopes)) {
        throw new SeamError(res.status, 'seam answered without an envelopes list');
      }
      return body.envelopes;
    },
    async report(id, status, detail) {
      const body = JSON.stringify(
        detail === undefined ? { status } : { status, detail: detail.slice(0, DETAIL_MAX) },
      );
      const res = await call(`/internal/outbox/${encodeURIComponent(id)}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await res.body?.cancel();
    },
  };
}
