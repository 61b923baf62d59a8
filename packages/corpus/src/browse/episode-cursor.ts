import { DomainError } from '@podcast/contracts';
import type { SortableEpisode } from '../records/episode-sort.js';

/**
 * The corpus episode list pages by the sort key of the last row it sent
 * (publish date, metadata relpath), never by offset: rows added or removed
 * while a client pages neither repeat nor skip the unchanged ones.
 */
export type EpisodeCursor = SortableEpisode;

const CURSOR_VERSION = 1;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function encodeEpisodeCursor(key: SortableEpisode): string {
  const payload = { v: CURSOR_VERSION, d: key.publish_date, r: key.metadata_relpath };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

function invalidCursor(reason: string): DomainError {
  const message = `${reason}; pass next_cursor from a previous page unchanged`;
  return new DomainError('invalid', `query.cursor: ${message}`, {
    errors: [{ field: 'query.cursor', message }],
  });
}

function parsePayload(raw: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) {
    throw invalidCursor('not a cursor');
  }
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('not a cursor');
  }
}

/** Decodes a cursor from `encodeEpisodeCursor`; anything else is a 400 naming `query.cursor`. */
export function decodeEpisodeCursor(raw: string): EpisodeCursor {
  const payload = parsePayload(raw) as { v?: unknown; d?: unknown; r?: unknown } | null;
  if (typeof payload !== 'object' || payload === null || payload.v !== CURSOR_VERSION) {
    throw invalidCursor('not a cursor');
  }
  const { d, r } = payload;
  if (!(d === null || (typeof d === 'string' && DATE.test(d)))) {
    throw invalidCursor('bad publish date');
  }
  if (typeof r !== 'string' || r === '') {
    throw invalidCursor('bad metadata path');
  }
  return { publish_date: d, metadata_relpath: r };
}
