import { DomainError, type FeedEntry, type FeedEntryInput, FeedsSpecPut } from '@podcast/contracts';
import { Document, isMap } from 'yaml';
import { MAX_YAML_BYTES, parseBoundedYaml, yamlDataOf } from './yaml-data.js';

/** Accepted spellings of the feeds spec, in the order a reader prefers them (spec 04 §8). */
export const FEEDS_SPEC_FILE_NAMES = ['feeds.spec.yaml', 'feeds.spec.yml', 'feeds.spec.json'];

export type FeedsSpecFormat = 'yaml' | 'json';

export function feedsSpecFormatOf(file: string): FeedsSpecFormat {
  return file.endsWith('.json') ? 'json' : 'yaml';
}

/** A feeds spec file that does not follow spec 04 §8; `errors` names each problem. */
export class InvalidFeedsSpec extends DomainError {
  constructor(file: string, errors: { field: string; message: string }[]) {
    const first = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    super('unprocessable', `${file} is invalid: ${first?.field}: ${first?.message}${more}`, {
      file,
      errors,
    });
  }
}

function parseRoot(text: string, file: string): unknown {
  if (Buffer.byteLength(text) > MAX_YAML_BYTES) {
    const message = `larger than ${MAX_YAML_BYTES} bytes`;
    throw new InvalidFeedsSpec(file, [{ field: '(file)', message }]);
  }
  if (feedsSpecFormatOf(file) === 'json') {
    try {
      return text.trim() === '' ? null : JSON.parse(text);
    } catch (err) {
      throw new InvalidFeedsSpec(file, [{ field: '(file)', message: (err as Error).message }]);
    }
  }
  const parsed = parseBoundedYaml(text);
  if (!parsed.ok) {
    throw new InvalidFeedsSpec(file, [{ field: '(file)', message: parsed.reason }]);
  }
  const doc = parsed.doc;
  const error = doc.errors[0];
  if (error) {
    throw new InvalidFeedsSpec(file, [
      { field: '(file)', message: error.message.split('\n')[0] ?? '' },
    ]);
  }
  const data = yamlDataOf(doc);
  if (!data.ok) {
    throw new InvalidFeedsSpec(file, [{ field: '(file)', message: data.reason }]);
  }
  return data.value;
}

/**
 * Validates a stored feeds spec and returns its entries as `{url, …options}`,
 * duplicates removed. Top-level keys other than `feeds` must start with `_`.
 */
export function parseFeedsSpec(text: string, file: string): FeedEntryInput[] {
  const root = parseRoot(text, file);
  if (root === null || root === undefined) {
    return [];
  }
  if (typeof root !== 'object' || Array.isArray(root)) {
    throw new InvalidFeedsSpec(file, [
      { field: '(root)', message: 'must be a mapping with a feeds list' },
    ]);
  }
  const { feeds, ...rest } = root as Record<string, unknown>;
  const errors = Object.keys(rest)
    .filter((key) => !key.startsWith('_'))
    .map((key) => ({
      field: key,
      message: 'unknown top-level key (only feeds and _-prefixed keys)',
    }));
  const parsed = FeedsSpecPut.safeParse({ feeds: feeds ?? [] });
  if (!parsed.success) {
    errors.push(
      ...parsed.error.issues.map((i) => ({
        field: i.path.map(String).join('.'),
        message: i.message,
      })),
    );
  }
  if (errors.length > 0 || !parsed.success) {
    throw new InvalidFeedsSpec(file, errors);
  }
  return dedupeFeeds(parsed.data.feeds);
}

function urlKey(url: string): string {
  // URL normalises scheme and host case and default ports; the path stays as typed.
  return new URL(url).href;
}

/** Drops every entry whose URL repeats an earlier one; the first keeps its options. */
export function dedupeFeeds(entries: readonly FeedEntryInput[]): FeedEntryInput[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = urlKey(entry.url);
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

/** The stored form: an entry with only `url` becomes a bare string (spec 04 §8). */
export function toStoredEntry(entry: FeedEntryInput): FeedEntry {
  return Object.keys(entry).length === 1 ? entry.url : entry;
}

function underscoreKeys(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {};
  }
  return Object.fromEntries(Object.entries(value).filter(([key]) => key.startsWith('_')));
}

function serialiseJson(previous: string | undefined, feeds: FeedEntry[]): string {
  let kept: Record<string, unknown> = {};
  try {
    kept = underscoreKeys(previous ? JSON.parse(previous) : undefined);
  } catch {
    // an unreadable previous file has nothing worth keeping
  }
  return `${JSON.stringify({ ...kept, feeds }, null, 2)}\n`;
}

function serialiseYaml(previous: string | undefined, feeds: FeedEntry[]): string {
  const parsed = previous === undefined ? undefined : parseBoundedYaml(previous);
  const doc = parsed?.ok ? parsed.doc : undefined;
  if (!doc || doc.errors.length > 0 || !isMap(doc.contents)) {
    return new Document({ feeds }).toString({ lineWidth: 0 });
  }
  // Keep the file's comments and its `_` keys; drop keys the spec forbids so
  // a PUT always repairs an invalid file.
  for (const pair of [...doc.contents.items]) {
    const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
    if (key !== 'feeds' && !key.startsWith('_')) {
      doc.delete(key);
    }
  }
  doc.set('feeds', doc.createNode(feeds));
  return doc.toString({ lineWidth: 0 });
}

/**
 * The text of a feeds spec holding `entries` (already validated and deduped),
 * built on top of the previous file's text when there was one.
 */
export function serialiseFeedsSpec(
  previous: string | undefined,
  entries: readonly FeedEntryInput[],
  format: FeedsSpecFormat,
): string {
  const feeds = entries.map(toStoredEntry);
  return format === 'json' ? serialiseJson(previous, feeds) : serialiseYaml(previous, feeds);
}
