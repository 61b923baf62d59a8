import { Problem } from '@podcast/contracts';
import { contentDisposition } from '@podcast/http-kit';

export const NOT_MINE = Problem.describe('No highlight with this id among the user’s');

/** Headers of a download named for its day (`highlights-2026-01-31.md`), never cached. */
export function datedAttachment(prefix: string, now: Date, extension: string) {
  const name = `${prefix}-${now.toISOString().slice(0, 10)}.${extension}`;
  return {
    'Content-Disposition': contentDisposition('attachment', name),
    'Cache-Control': 'no-store',
  };
}
