/**
 * Word-level containment used to tie free text (summary bullets, band
 * keywords) to topic labels: case, accents and punctuation are ignored and
 * only whole words count, so "art" never matches "start".
 */
export function normalizeWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when the normalised `needle` occurs in the normalised `haystack` as whole words. */
export function containsWords(haystack: string, needle: string): boolean {
  return needle !== '' && ` ${haystack} `.includes(` ${needle} `);
}
