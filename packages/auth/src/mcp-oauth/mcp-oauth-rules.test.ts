import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { mcpEndpointsOf, sameResource } from './endpoints.js';
import { redirectUriMatches, redirectUriProblem } from './redirect-uris.js';
import { isSubset, parseScopes, scopeText } from './scopes.js';
import { pkceS256Matches } from './secrets.js';

describe('redirect URIs', () => {
  it.each([
    'https://app.example/cb',
    'http://localhost:3000/cb',
    'http://127.0.0.1/cb',
    'http://[::1]:8080/cb',
    'com.example.app:/oauth',
  ])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeUndefined();
  });

  it.each([
    ['http://app.example/cb', 'loopback'],
    ['https://app.example/cb#x', 'fragment'],
    ['javascript:alert(1)', 'javascript'],
    ['data:text/html,hi', 'data'],
    ['https://u:p@app.example/cb', 'credentials'],
    ['not a uri', 'absolute'],
  ])('refuses %s (%s)', (uri, words) => {
    expect(redirectUriProblem(uri)).toContain(words);
  });

  it('matches exactly, letting only a loopback port vary', () => {
    const registered = ['http://127.0.0.1:7777/cb', 'https://app.example/cb'];
    expect(redirectUriMatches(registered, 'https://app.example/cb')).toBe(true);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:40000/cb')).toBe(true);
    expect(redirectUriMatches(registered, 'https://app.example:8443/cb')).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example/cb/')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:40000/other')).toBe(false);
    expect(redirectUriMatches(registered, 'http://localhost:7777/cb')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:40000/cb?x=1')).toBe(false);
  });
});

describe('PKCE S256', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('matches the verifier of RFC 7636 appendix B to its challenge', () => {
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(pkceS256Matches(verifier, challenge)).toBe(true);
  });

  it('refuses another verifier, and verifiers of the wrong length or alphabet', () => {
    expect(pkceS256Matches(`${verifier.slice(0, -1)}Y`, challenge)).toBe(false);
    expect(pkceS256Matches('short', challenge)).toBe(false);
    expect(pkceS256Matches(`${verifier}!`, challenge)).toBe(false);
    expect(pkceS256Matches('a'.repeat(129), challenge)).toBe(false);
  });
});

describe('scopes and resources', () => {
  it('parses, deduplicates and orders scopes; names the first unknown one', () => {
    expect(parseScopes('library:read  corpus:read library:read')).toEqual({
      scopes: ['library:read', 'corpus:read'],
    });
    expect(parseScopes('corpus:read admin')).toEqual({ unknown: 'admin' });
    expect(scopeText(['library:read', 'corpus:read'])).toBe('corpus:read library:read');
    expect(isSubset(['library:read'], ['corpus:read', 'library:read'])).toBe(true);
    expect(isSubset(['library:read'], ['corpus:read'])).toBe(false);
  });

  it('derives every endpoint from the origin, and compares resources without a trailing slash', () => {
    const e = mcpEndpointsOf('https://podcast.example');
    expect(e.resource).toBe('https://podcast.example/api/app/mcp');
    expect(e.resourceMetadata).toBe(
      'https://podcast.example/.well-known/oauth-protected-resource/api/app/mcp',
    );
    expect(sameResource(`${e.resource}/`, e.resource)).toBe(true);
    expect(sameResource('https://podcast.example/api/app', e.resource)).toBe(false);
  });
});
