/**
 * HTTP range requests (RFC 9110 §14) over a file of known size. Pure: the
 * caller passes the header values and acts on the plan.
 */
export type RangePlan =
  | { kind: 'full' }
  /** Inclusive byte offsets, as Content-Range spells them. */
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const FULL: RangePlan = { kind: 'full' };
const UNSATISFIABLE: RangePlan = { kind: 'unsatisfiable' };

function planOne(spec: string, size: number): RangePlan {
  const bounded = /^(\d+)-(\d*)$/.exec(spec);
  if (bounded) {
    const first = Number(bounded[1]);
    const last = bounded[2] === '' ? Number.POSITIVE_INFINITY : Number(bounded[2]);
    if (last < first) {
      return FULL; // invalid range-spec: RFC 9110 lets a server ignore it
    }
    return first >= size
      ? UNSATISFIABLE
      : { kind: 'partial', start: first, end: Math.min(last, size - 1) };
  }
  const suffix = /^-(\d+)$/.exec(spec);
  if (suffix) {
    const length = Number(suffix[1]);
    if (length === 0 || size === 0) {
      return UNSATISFIABLE;
    }
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  return FULL;
}

/**
 * What to send for a `Range` header. Anything we do not understand (another
 * unit, bad syntax) is ignored and the whole file goes out with 200, as RFC
 * 9110 allows. Several ranges also get the whole file: players ask for one
 * range, and a multipart/byteranges body would buy nothing here.
 */
export function planRange(header: string | undefined, size: number): RangePlan {
  const match = header === undefined ? null : /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!match) {
    return FULL;
  }
  const specs = (match[1] as string)
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length !== 1) {
    return FULL;
  }
  return planOne(specs[0] as string, size);
}

/**
 * `If-Range`: the range applies only while the validator still matches. An
 * entity tag must match strongly; a date must equal our Last-Modified.
 */
export function ifRangeMatches(
  ifRange: string | undefined,
  validators: { etag: string; lastModified: string },
): boolean {
  if (ifRange === undefined) {
    return true;
  }
  const value = ifRange.trim();
  if (value.startsWith('W/')) {
    return false;
  }
  return value.startsWith('"') ? value === validators.etag : value === validators.lastModified;
}

/** The `Content-Range` value of a partial response or of a 416. */
export function contentRange(plan: RangePlan, size: number): string | undefined {
  if (plan.kind === 'partial') {
    return `bytes ${plan.start}-${plan.end}/${size}`;
  }
  return plan.kind === 'unsatisfiable' ? `bytes */${size}` : undefined;
}
