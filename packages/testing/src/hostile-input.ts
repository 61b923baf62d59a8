/**
 * What an adversary sends first, for tests that walk a whole route table:
 * path segments, query values and JSON bodies that must end in a 4xx (or
 * the documented 503 of an unconfigured feature), never in a crash.
 */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '%00',
  '%E0%A4%A',
  'x'.repeat(300),
  '..%2F..%2Fetc',
  '.hidden',
  '%F0%9F%92%A9',
];

export const HOSTILE_QUERY_VALUES: readonly string[] = [
  '%00',
  '%E0%A4%A',
  'q'.repeat(3000),
  '..%2F..%2Fetc%2Fpasswd',
];

export const HOSTILE_BODIES: readonly unknown[] = [
  { '\u0000': 1 },
  { a: 'b\u0000c' },
  [[[[[[[[[[]]]]]]]]]],
  'just a string',
  { content: 'x'.repeat(10_000), only: ['a'.repeat(300)], items: Array(5000).fill('x') },
];

/** A declared path (`{name}`, `{rest*}`) with every parameter replaced by `segment`. */
export function concretePath(path: string, segment: string): string {
  return path.replace(/\{(\w+)\*\}/g, segment).replace(/\{(\w+)\}/g, segment);
}

/**
 * Null when an answer is handled: below 500, or a 503 whose detail says
 * the feature is not configured. Otherwise a line saying what came back.
 */
export function unhandledAnswer(res: {
  status: number;
  body: { detail?: unknown };
}): string | null {
  if (res.status < 500) {
    return null;
  }
  const detail = typeof res.body?.detail === 'string' ? res.body.detail : '';
  if (res.status === 503 && /not configured|disabled|unavailable|not set/i.test(detail)) {
    return null;
  }
  return `${res.status}: ${detail || JSON.stringify(res.body)}`;
}
