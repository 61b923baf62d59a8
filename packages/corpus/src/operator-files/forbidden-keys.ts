import { DomainError, type ErrorKind } from '@podcast/contracts';
import { MAX_YAML_DEPTH } from './yaml-data.js';

/** Feed lists belong to the feeds spec, never to the operator file (spec 01). */
const FEED_KEYS = new Set(['rss', 'rss_url', 'rss_urls', 'feeds']);

/** Credentials named by spec 04 §8; `*_api_key`, `password` and `secret` are matched by rule. */
const SECRET_KEYS = new Set([
  'openai_api_key',
  'gemini_api_key',
  'anthropic_api_key',
  'mistral_api_key',
  'deepseek_api_key',
  'grok_api_key',
  'huggingface_token',
  'hf_token',
  'api_key',
]);

/**
 * Keys compare case-insensitively with `-` read as `_` (spec 04 §8), after
 * NFKC folding, dropping invisible format characters (zero-width space and
 * joiners, BOM, bidi marks) and trimming, so `openai_api_key `,
 * `openai\u200b_api_key` or a full-width spelling are caught like the plain key.
 */
export function normaliseOperatorKey(key: string): string {
  return key
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim()
    .toLowerCase()
    .replaceAll('-', '_');
}

export function isFeedKey(key: string): boolean {
  return FEED_KEYS.has(normaliseOperatorKey(key));
}

export function isSecretKey(key: string): boolean {
  const n = normaliseOperatorKey(key);
  return (
    SECRET_KEYS.has(n) || n.endsWith('_api_key') || n.includes('password') || n.includes('secret')
  );
}

function secretPaths(value: unknown, prefix: string, depth: number): string[] {
  if (value === null || typeof value !== 'object') {
    return [];
  }
  if (depth >= MAX_YAML_DEPTH) {
    // Too deep to look through: refused as a whole rather than skipped.
    return [prefix];
  }
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, child]) => {
    const here = `${prefix}.${key}`;
    const own = !Array.isArray(value) && isSecretKey(key) ? [here] : [];
    return [...own, ...secretPaths(child, here, depth + 1)];
  });
}

/**
 * The keys an operator file may not hold, as written: top-level feed keys
 * and secret-looking keys. Secrets are also looked for below the top level
 * (reported as dotted paths), because GET serves the file back verbatim and
 * a nested credential would leak just the same.
 */
export function findForbiddenOperatorKeys(root: Record<string, unknown>): string[] {
  return Object.entries(root).flatMap(([key, value]) => {
    const own = isFeedKey(key) || isSecretKey(key) ? [key] : [];
    return [...own, ...secretPaths(value, key, 1)];
  });
}

/**
 * The secret-looking keys alone, at any depth. A feed list in the file is
 * refused only by PUT /api/operator-config; the readers and the block edits
 * keep it (spec 03: the enrichment PUT preserves `feeds`).
 */
export function findSecretOperatorKeys(root: Record<string, unknown>): string[] {
  return findForbiddenOperatorKeys(root).filter((key) => key.includes('.') || !isFeedKey(key));
}

const KEY_LINE = /^(\s*)(?:-\s+)?["']?([^\s"':#][^"':]*?)["']?\s*:(?:\s|$)/gm;

/**
 * The same check over text that does not parse as YAML, line by line: a
 * broken file must not become a way to read a credential back.
 */
export function scanForbiddenOperatorKeys(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(KEY_LINE)) {
    const [, indent = '', key = ''] = match;
    if (isSecretKey(key) || (indent === '' && isFeedKey(key))) {
      keys.push(key);
    }
  }
  return keys;
}

/**
 * The problem for forbidden keys: `forbidden_operator_feed_keys` when every
 * key is a feed key (the caller should use /api/feeds), else
 * `forbidden_operator_keys`. Nothing in it echoes a value.
 */
export function forbiddenKeysError(kind: ErrorKind, keys: readonly string[]): DomainError {
  const onlyFeeds = keys.every((key) => !key.includes('.') && isFeedKey(key));
  const error = onlyFeeds ? 'forbidden_operator_feed_keys' : 'forbidden_operator_keys';
  const why = onlyFeeds
    ? 'feed lists belong to the feeds spec (PUT /api/feeds)'
    : 'secrets belong in the environment, and feed lists in the feeds spec';
  const detail = `the operator file may not contain ${keys.join(', ')}: ${why}`;
  return new DomainError(kind, detail, { error, keys: [...keys] });
}
