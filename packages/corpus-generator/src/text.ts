/** ASCII slug used for topic, person and org ids: lowercase words joined by `-`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function capitalizeFirst(text: string): string {
  return text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1);
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
]);

/** Headline case for titles built from lowercase topic labels; keeps small words lowercase. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => (index > 0 && SMALL_WORDS.has(word) ? word : capitalizeFirst(word)))
    .join(' ');
}

/** Characters the pipeline cannot put in a file name are replaced, as its stems show. */
export function fileSafeTitle(title: string, maxLength: number): string {
  const safe = title.replace(/[\\/:*?"<>|]/g, '_').replace(/\s+/g, ' ');
  return safe.length <= maxLength ? safe.trim() : safe.slice(0, maxLength).trimEnd();
}

export function padNumber(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
