import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@podcast/contracts';
import { decodeEpisodeCursor, encodeEpisodeCursor } from './episode-cursor.js';

const asBase64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('episode cursor', () => {
  it.each([
    [{ publish_date: '2026-11-14', metadata_relpath: 'feeds/a/run_1/metadata/e1.metadata.json' }],
    [{ publish_date: null, metadata_relpath: 'metadata/ünïcode ep.metadata.json' }],
  ])('round-trips the sort key %j', (key) => {
    const cursor = encodeEpisodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeEpisodeCursor(cursor)).toEqual(key);
  });

  it.each([
    ['an empty string', ''],
    ['characters outside base64url', 'abc+/=='],
    ['base64 of plain text', Buffer.from('hello').toString('base64url')],
    ['a JSON array', asBase64([1, 2])],
    ['another version', asBase64({ v: 2, d: null, r: 'x' })],
    ['a malformed date', asBase64({ v: 1, d: '2026-1-1', r: 'x' })],
    ['a missing relpath', asBase64({ v: 1, d: '2026-01-01' })],
    ['an empty relpath', asBase64({ v: 1, d: null, r: '' })],
  ])('refuses %s as invalid input naming query.cursor', (_name, raw) => {
    let thrown: unknown;
    try {
      decodeEpisodeCursor(raw);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).kind).toBe('invalid');
    expect((thrown as DomainError).message).toMatch(/^query\.cursor: /);
  });
});
