import type { AnyRoute } from './define-route.js';

/** One segment of a declared path; method-not-allowed.ts matches request paths against these. */
export type Segment =
  | { kind: 'literal'; text: string }
  | { kind: 'param' }
  | { kind: 'rest' }
  /** Params within literal text (`{username}.json`): matched by `regex`; `text` is the template. */
  | { kind: 'pattern'; text: string; regex: RegExp };

function patternOf(part: string): RegExp {
  const source = part
    .split(/(\{\w+\})/)
    .map((piece) =>
      /^\{\w+\}$/.test(piece) ? '[^/]+?' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`, 'i');
}

export function segmentsOf(path: string): Segment[] {
  return path
    .split('/')
    .filter((part) => part !== '')
    .map((part): Segment => {
      if (/^\{\w+\*\}$/.test(part)) {
        return { kind: 'rest' };
      }
      if (/^\{\w+\}$/.test(part)) {
        return { kind: 'param' };
      }
      if (/\{\w+\}/.test(part)) {
        return {
          kind: 'pattern',
          text: part.toLowerCase().replace(/\{\w+\}/g, '{}'),
          regex: patternOf(part),
        };
      }
      // express matches paths case-insensitively by default
      return { kind: 'literal', text: part.toLowerCase() };
    });
}

/**
 * Whether every path `later` matches is also matched by `earlier`. A
 * `{name}` takes exactly one segment, a `{name*}` one or more (whole
 * segments of `later`, including a rest of its own).
 */
function covers(earlier: readonly Segment[], later: readonly Segment[]): boolean {
  const [head, ...tail] = earlier;
  if (head === undefined) {
    return later.length === 0;
  }
  const [first, ...rest] = later;
  if (first === undefined) {
    return false;
  }
  switch (head.kind) {
    case 'rest':
      return later.some((_segment, taken) => covers(tail, later.slice(taken + 1)));
    case 'param':
      return first.kind !== 'rest' && covers(tail, rest);
    case 'pattern':
      return (
        ((first.kind === 'literal' && head.regex.test(first.text)) ||
          (first.kind === 'pattern' && first.text === head.text)) &&
        covers(tail, rest)
      );
    default:
      return first.kind === 'literal' && first.text === head.text && covers(tail, rest);
  }
}

/** A route no request could ever reach, and the earlier route that takes its requests. */
export interface ShadowedRoute {
  earlier: string;
  later: string;
}

/**
 * Routes answered in registration order (express takes the first match):
 * a later route is shadowed when an earlier route of the same method
 * matches every path it matches. Partial overlap is allowed, with the more
 * specific route registered first (`/x/special` before `/x/{id}`).
 */
export function findShadowedRoutes<Ctx>(routes: readonly AnyRoute<Ctx>[]): ShadowedRoute[] {
  const parsed = routes.map((route) => ({ route, segments: segmentsOf(route.path) }));
  const found: ShadowedRoute[] = [];
  parsed.forEach((later, index) => {
    const earlier = parsed
      .slice(0, index)
      .find((e) => e.route.method === later.route.method && covers(e.segments, later.segments));
    if (earlier !== undefined) {
      const name = (route: AnyRoute<Ctx>) => `${route.method.toUpperCase()} ${route.path}`;
      found.push({ earlier: name(earlier.route), later: name(later.route) });
    }
  });
  return found;
}

/** Stops start-up with every shadowed route named, so a wrong order never ships. */
export function assertNoShadowedRoutes<Ctx>(routes: readonly AnyRoute<Ctx>[]): void {
  const shadowed = findShadowedRoutes(routes);
  if (shadowed.length > 0) {
    const lines = shadowed.map((s) => `${s.later} is unreachable: ${s.earlier} comes first`);
    throw new Error(`route order: ${lines.join('; ')} (declare the more specific route first)`);
  }
}
