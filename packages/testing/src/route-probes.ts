import { expect, it } from '@jest/globals';
import {
  concretePath,
  HOSTILE_BODIES,
  HOSTILE_QUERY_VALUES,
  HOSTILE_SEGMENTS,
  unhandledAnswer,
} from './hostile-input.js';

/*
 * The route-table probes, declared inside a jest suite. A subpath of its own
 * (`@podcast/testing/route-probes`): it imports @jest/globals, which only
 * loads under jest, and the package's main entry is also used by the benches.
 */

/** A declared route, as the probes need it. */
export interface ProbedRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
}

/** A probe's request body: JSON or form text, sent with that content type. */
export interface ProbeBody {
  type: 'json' | 'form';
  text: string;
}

/** A request being built that can carry a body, as supertest's does. */
export interface BodyCarrier<T> {
  type(type: string): T;
  set(field: string, value: string): T;
  send(data: string): T;
}

/** `call` carrying the probe `body` with its content type, or `call` as it is without one. */
export function withProbeBody<T extends BodyCarrier<T>>(call: T, body: ProbeBody | undefined): T {
  if (body === undefined) {
    return call;
  }
  return body.type === 'form'
    ? call.type('form').send(body.text)
    : call.set('Content-Type', 'application/json').send(body.text);
}

export type ProbeSender<R extends ProbedRoute> = (
  route: R,
  url: string,
  body?: ProbeBody,
) => Promise<{ status: number; body: { detail?: unknown } }>;

/**
 * Declares the route-table probes: every route with parameters gets the
 * hostile segments, every route the hostile query values under `queryKeys`,
 * every route with a body the hostile bodies, a hostile form and a 9 MB body.
 * Each answer must pass `unhandledAnswer`.
 */
export function probeRoutesWithHostileInput<R extends ProbedRoute>(
  routes: readonly R[],
  send: ProbeSender<R>,
  queryKeys: readonly string[],
): void {
  const table = routes.map((route) => [route.method.toUpperCase(), route.path, route] as const);
  it.each(table.filter(([, path]) => path.includes('{')))(
    '%s %s: hostile path segments',
    async (_m, _p, route) => {
      for (const segment of HOSTILE_SEGMENTS) {
        expect(unhandledAnswer(await send(route, concretePath(route.path, segment)))).toBeNull();
      }
    },
  );
  it.each(table)('%s %s: hostile query strings', async (_m, _p, route) => {
    const base = concretePath(route.path, 'some-id');
    for (const value of HOSTILE_QUERY_VALUES) {
      const query = queryKeys.map((key) => `${key}=${value}`).join('&');
      expect(unhandledAnswer(await send(route, `${base}?${query}`))).toBeNull();
    }
  });
  it.each(table.filter(([, , route]) => route.method !== 'get' && route.method !== 'delete'))(
    '%s %s: hostile bodies, a hostile form and an oversize body',
    async (_m, _p, route) => {
      const url = concretePath(route.path, 'some-id');
      const bodies: ProbeBody[] = [
        ...HOSTILE_BODIES.map((body) => ({ type: 'json' as const, text: JSON.stringify(body) })),
        { type: 'form', text: 'a=%00&b[]=1&c=%E0%A4%A' },
        { type: 'json', text: `{"x":"${'y'.repeat(9 * 1024 * 1024)}"}` },
      ];
      for (const body of bodies) {
        expect(unhandledAnswer(await send(route, url, body))).toBeNull();
      }
    },
  );
}
