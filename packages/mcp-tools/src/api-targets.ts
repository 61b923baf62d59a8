import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ToolError } from './define-tool.js';

/**
 * Where the observability tools send their requests (spec 03): a named
 * target from ENRICHMENT_TARGETS_FILE (JSON: name → {api_base, path?,
 * token_env?}) or, without a target, ENRICHMENT_API_BASE (default the local
 * viewer) with OPERATOR_TOKEN.
 */
export interface ApiTarget {
  name: string;
  apiBase: string;
  /** The corpus the target's routes act on (their `path` parameter); the server default when absent. */
  path?: string;
  /** Operator token for the tools that write (re-enable, cancel). */
  token?: string;
}

const TargetFile = z.record(
  z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
  z.strictObject({
    api_base: z.url(),
    path: z.string().min(1).optional(),
    token_env: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/)
      .optional(),
  }),
);

export type TargetResolver = (target: string | undefined) => ApiTarget;

export function targetResolver(env: Record<string, string | undefined>): TargetResolver {
  const file = env.ENRICHMENT_TARGETS_FILE;
  const targets =
    file === undefined ? {} : TargetFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  const fallback: ApiTarget = {
    name: 'default',
    apiBase: env.ENRICHMENT_API_BASE ?? 'http://127.0.0.1:8000',
    ...(env.OPERATOR_TOKEN ? { token: env.OPERATOR_TOKEN } : {}),
  };
  return (target) => {
    if (target === undefined || target === 'default') {
      return fallback;
    }
    const found = targets[target];
    if (found === undefined) {
      const known = ['default', ...Object.keys(targets)].join(', ');
      throw new ToolError(`unknown target ${target}; known targets: ${known}`);
    }
    const token = found.token_env === undefined ? undefined : env[found.token_env];
    return {
      name: target,
      apiBase: found.api_base,
      ...(found.path === undefined ? {} : { path: found.path }),
      ...(token === undefined ? {} : { token }),
    };
  };
}

export interface ApiRequest {
  method?: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Send the target's operator token. */
  operator?: boolean;
}

/** One call of the viewer API; a problem answer becomes a ToolError carrying its detail. */
export async function callApi(
  fetchImpl: typeof fetch,
  target: ApiTarget,
  request: ApiRequest,
): Promise<Record<string, unknown>> {
  const url = new URL(request.path, target.apiBase);
  for (const [key, value] of Object.entries({ path: target.path, ...request.query })) {
    if (value !== undefined) {
      url.searchParams.set(key, String(value));
    }
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  if (request.operator && target.token !== undefined) {
    headers.authorization = `Bearer ${target.token}`;
  }
  const res = await fetchImpl(url, {
    method: request.method ?? 'GET',
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    signal: AbortSignal.timeout(30_000),
  }).catch((err: unknown) => {
    throw new ToolError(`${target.apiBase} did not answer: ${(err as Error).message}`);
  });
  const text = await res.text();
  const body = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  if (!res.ok) {
    throw new ToolError(`${res.status}: ${String(body.detail ?? res.statusText)}`);
  }
  return body;
}
