import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

/** The content codings cached answers are offered in besides identity. */
export type ContentCoding = 'br' | 'gzip';

/** Server preference when the client weighs codings equally: smaller first. */
const OFFERED: readonly ContentCoding[] = ['br', 'gzip'];

/** Below this a body goes out as is: headers and framing would eat the gain. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

function weightsOf(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) {
      continue;
    }
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') {
        const q = Number(value);
        weight = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
      }
    }
    weights.set(name, weight);
  }
  return weights;
}

/**
 * The coding to answer in for an Accept-Encoding header (RFC 9110 §12.5.3):
 * the acceptable offered coding with the highest weight, br before gzip on
 * a tie; undefined means identity. `*` covers codings not named, `q=0`
 * refuses one. Identity stays the fallback even when the client refuses it,
 * as a 406 would help nobody.
 */
export function negotiateCoding(header: string | undefined): ContentCoding | undefined {
  if (!header) {
    return undefined;
  }
  const weights = weightsOf(header);
  const wildcard = weights.get('*') ?? 0;
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of OFFERED) {
    const weight = weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined);
    const effective = weight ?? wildcard;
    if (effective > bestWeight) {
      best = coding;
      bestWeight = effective;
    }
  }
  return best;
}

/**
 * `negotiateCoding` memoised per header value: clients send a handful of
 * distinct headers, and a hot cached answer should not re-parse each one.
 */
export function createCodingNegotiator(maxHeaders = 64) {
  const seen = new Map<string, ContentCoding | undefined>();
  return (header: string | undefined): ContentCoding | undefined => {
    if (!header) {
      return undefined;
    }
    if (seen.has(header)) {
      return seen.get(header);
    }
    const coding = negotiateCoding(header);
    if (seen.size >= maxHeaders) {
      seen.clear();
    }
    seen.set(header, coding);
    return coding;
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to compress: `fast` for an answer's first request, `best` for
 * the background pass that replaces a hot answer's brotli bytes
 * (`response-cache.ts`).
 */
export type CompressionEffort = 'fast' | 'best';

/**
 * Compresses on the thread pool. `fast` (brotli quality 5, gzip level 6)
 * keeps a large answer's one-off cost to a few milliseconds while shrinking
 * JSON several times over. `best` is brotli's quality 11: far more CPU for
 * somewhat smaller bytes, so only hot answers get it (gzip's level 9 gains
 * almost nothing over 6, so gzip has no `best`).
 */
export function compress(
  coding: ContentCoding,
  body: Buffer,
  effort: CompressionEffort = 'fast',
): Promise<Buffer> {
  if (coding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: 6 });
}

/** A compressing stream with `compress`'s `fast` settings, for answers sent piece by piece. */
export function compressingStream(coding: ContentCoding): Transform {
  if (coding === 'br') {
    return createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return createGzip({ level: 6 });
}
