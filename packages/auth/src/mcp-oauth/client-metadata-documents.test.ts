import { describe, expect, it } from '@jest/globals';
import { clientIdUrlProblem, isClientIdUrl } from './client-id-url.js';
import { cacheLifetimeSeconds, documentOf } from './client-metadata-documents.js';

const NOW = new Date('2026-11-29T12:00:00Z');

describe('client identifier URLs', () => {
  it.each([
    'https://app.example/client.json',
    'https://app.example:8443/oauth/client',
    'https://[2001:db8::1]/c',
  ])('accepts %s', (url) => {
    expect(isClientIdUrl(url)).toBe(true);
    expect(clientIdUrlProblem(url)).toBeUndefined();
  });

  it.each([
    ['http://app.example/client.json', 'https'],
    ['https://app.example', 'path'],
    ['https://app.example/', 'path'],
    ['https://user@app.example/c', 'credentials'],
    ['https://app.example/c?v=1', 'query'],
    ['https://app.example/c#top', 'fragment'],
    ['https://app.example/a/./c', '. or ..'],
    ['https://app.example/a/%2E%2E/c', '. or ..'],
    ['https://app.example/a\\..\\c', 'backslashes'],
    ['https://app.example/a/.\t./c', 'control characters'],
    [`https://app.example/${'x'.repeat(600)}`, '512'],
  ])('refuses %s (%s)', (url, words) => {
    expect(clientIdUrlProblem(url)).toContain(words);
  });

  it('tells a registration of ours from a document URL', () => {
    expect(isClientIdUrl('mcp_0123456789abcdef0123456789abcdef')).toBe(false);
  });
});

describe('how long a document is kept', () => {
  it.each([
    [{ 'cache-control': 'max-age=600' }, 600],
    [{ 'cache-control': 'public, max-age="120"' }, 120],
    [{ 'cache-control': 'max-age=600, no-cache' }, 0],
    [{ 'cache-control': 'no-store' }, 0],
    [{ 'cache-control': 'max-age=9999999' }, 86_400],
    [{ expires: 'Sun, 29 Nov 2026 12:05:00 GMT' }, 300],
    [{ expires: 'Sun, 29 Nov 2026 12:05:00 GMT', date: 'Sun, 29 Nov 2026 12:04:00 GMT' }, 60],
    [{ expires: 'Sun, 29 Nov 2026 11:00:00 GMT' }, 0],
    [{ expires: 'never' }, 0],
    [{}, 0],
  ])('keeps a document sent with %j for %d seconds', (headers, seconds) => {
    expect(cacheLifetimeSeconds(headers, NOW)).toBe(seconds);
  });
});

describe('a fetched document', () => {
  const url = 'https://app.example/client.json';
  const response = (body: unknown, status = 200, type = 'application/json') => ({
    status,
    headers: { 'content-type': type },
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  });
  const valid = { client_id: url, client_name: 'App', redirect_uris: ['https://app.example/cb'] };

  it('is taken when it names itself and lists usable redirects, unknown fields ignored', () => {
    const document = documentOf(url, response({ ...valid, jwks_uri: 'https://app.example/k' }));
    expect(document).toMatchObject(valid);
  });

  it('may be served with a more specific JSON type', () => {
    expect(documentOf(url, response(valid, 200, 'application/client-metadata+json'))).toBeTruthy();
  });

  it.each([
    [response(valid, 301), 'redirects are not followed'],
    [response({ ...valid, client_id: `${url}/` }), 'another client_id'],
    [response({ ...valid, redirect_uris: ['javascript:alert(1)'] }), 'redirect_uris.0'],
    [response({ ...valid, grant_types: ['refresh_token'] }), 'grant_types'],
    [response({ ...valid, client_secret_expires_at: 0 }), 'client_secret_expires_at'],
    [response([valid]), '(document)'],
  ])('is refused as invalid_client: %#', (answer, words) => {
    expect(() => documentOf(url, answer)).toThrow(words);
  });
});
