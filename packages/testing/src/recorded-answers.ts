import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/*
 * Answers recorded from a running server, for tests that must show a
 * change to the corpus internals leaves every route answering the same.
 * The corpus is the generator's (deterministic down to file mtimes), so a
 * recording made once is compared on every later run.
 */

/** The generator options of the corpus the recordings are made over: 20 feeds of 50 episodes. */
export const ANSWER_CORPUS = { feeds: 20, episodesPerFeed: 50, seed: 1 } as const;

/** One answer as a test compares it: status, media type, and the body or its hash. */
export interface RecordedAnswer {
  status: number;
  type: string | null;
  body?: unknown;
  sha256?: string;
}

/**
 * Fields whose value depends on the request, not on the corpus: replaced by
 * a marker so two runs compare equal. Only the problem body's request id;
 * every other field (times and durations inside corpus files included) is
 * compared as it is.
 */
const VOLATILE_KEYS = new Set(['request_id']);

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(scrub);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        VOLATILE_KEYS.has(key) && inner !== null ? '<volatile>' : scrub(inner),
      ]),
    );
  }
  return value;
}

/**
 * The comparable form of one answer: JSON bodies parsed (with `root`, the
 * corpus folder of this run, written as `<root>`, and volatile fields
 * marked), other text kept, anything else hashed.
 */
export async function recordAnswer(response: Response, root: string): Promise<RecordedAnswer> {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? null;
  const bytes = Buffer.from(await response.arrayBuffer());
  const answer: RecordedAnswer = { status: response.status, type };
  const isJson = type === 'application/json' || type?.endsWith('+json') === true;
  if (isJson || type?.startsWith('text/') === true) {
    const text = bytes.toString('utf8').split(root).join('<root>');
    answer.body = isJson ? scrub(JSON.parse(text)) : text;
  } else {
    answer.sha256 = createHash('sha256').update(bytes).digest('hex');
  }
  return answer;
}

/** The key an answer is stored under: its URL with this run's corpus folder written as `<root>`. */
export function answerKey(url: string, root: string): string {
  return url.split(encodeURIComponent(root)).join('<root>');
}

/** Recorded answers by request. */
export type AnswerBook = Record<string, RecordedAnswer>;

/**
 * The file an answer is kept in: its path's leading literal segments after
 * `/api/` or `/api/app/` (at most two), e.g. `corpus-episodes`, `relational-positions`.
 */
export function answerFamily(url: string): string {
  const segments = (url.split('?')[0] ?? '').replace(/^\/api\/(app\/)?/, '').split('/');
  const literal: string[] = [];
  for (const segment of segments.slice(0, 2)) {
    if (!/^[a-z][a-z-]*$/.test(segment)) break;
    literal.push(segment);
  }
  return literal.join('-') || 'root';
}

/** A value with every object's keys in sorted order, so a re-recording diffs line by line. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(sortedKeys);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The recording in `dir`: one pretty-printed JSON file per route family, merged. */
export function readAnswerBook(dir: string): AnswerBook | undefined {
  if (!existsSync(dir)) {
    return undefined;
  }
  const book: AnswerBook = {};
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    Object.assign(book, JSON.parse(readFileSync(join(dir, name), 'utf8')));
  }
  return book;
}

/** Writes `book` into `dir` as one sorted, pretty-printed JSON file per route family. */
export function writeAnswerBook(dir: string, book: AnswerBook): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const families = new Map<string, AnswerBook>();
  for (const [url, answer] of Object.entries(book)) {
    const family = answerFamily(url);
    families.set(family, { ...families.get(family), [url]: answer });
  }
  for (const [family, answers] of families) {
    writeFileSync(join(dir, `${family}.json`), `${JSON.stringify(sortedKeys(answers), null, 2)}\n`);
  }
}

/** Each URL's answer from the server at `base`, asked one after another, keyed by `answerKey`. */
export async function answersOf(
  base: string,
  urls: readonly string[],
  root: string,
): Promise<AnswerBook> {
  const book: AnswerBook = {};
  for (const url of urls) {
    book[answerKey(url, root)] = await recordAnswer(await fetch(`${base}${url}`), root);
  }
  return book;
}

/**
 * The recording at `file` to compare `answers` with. With
 * RECORD_CORPUS_ANSWERS=1 in the environment, `answers` are written there
 * first (a new recording, reviewed like code).
 */
export function recordingFor(file: string, answers: AnswerBook): AnswerBook {
  if (process.env.RECORD_CORPUS_ANSWERS === '1') {
    writeAnswerBook(file, answers);
  }
  return readAnswerBook(file) ?? {};
}

/** An HTTP server for `handler` on a free loopback port. */
export async function listenOnLoopback(
  handler: RequestListener,
): Promise<{ base: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
