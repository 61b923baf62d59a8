import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { createRouteDefiner } from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<Record<string, never>>();
const ping = defineRoute({
  method: 'get',
  path: '/api/ping',
  summary: 'Ping',
  auth: 'open',
  responses: { 200: z.object({ ok: z.boolean() }) },
  handler: () => ({ ok: true }),
});

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

/** Every asset the page names in a src or href attribute. */
const assetsOf = (html: string) =>
  [...html.matchAll(/\s(?:src|href)=["']([^"']+)["']/g)].map((m) => m[1] ?? '');

/** Checks that a /docs response carries the three security headers. */
function expectSecured(res: request.Response) {
  expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; /);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('GET /docs/ (Swagger UI)', () => {
  const app: Express = quietApp({ routes: [ping], ctx: {} });

  it('answers the page with a policy that allows only its own assets, never framed', async () => {
    const page = await request(app).get('/docs/');
    expect(page.status).toBe(200);
    expectSecured(page);
    const csp = directives(page.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/https?:|\*/);
  });

  it('has no inline script, and each inline style is allowed by its hash', async () => {
    const page = await request(app).get('/docs/');
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc=/);
      expect(body?.trim()).toBe('');
    }
    const styleSrc = directives(page.headers['content-security-policy'] as string).get('style-src');
    const blocks = [...page.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    const attributes = [...page.text.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(blocks.length).toBeGreaterThan(0);
    for (const text of [...blocks, ...attributes]) {
      expect(styleSrc).toContain(hash(text));
    }
    expect(styleSrc).toContain("'unsafe-hashes'");
  });

  it("allows by hash the style element Swagger UI's logo renders", async () => {
    const page = await request(app).get('/docs/');
    const styleSrc = directives(page.headers['content-security-policy'] as string).get('style-src');
    const preset = await request(app).get('/docs/swagger-ui-standalone-preset.js');
    const rendered = [...preset.text.matchAll(/createElement\("style",null,"([^"]*)"\)/g)];
    expect(rendered.map((m) => m[1])).toEqual([expect.stringContaining('logo_small_svg')]);
    for (const [, text] of rendered) {
      expect(styleSrc).toContain(hash(text ?? ''));
    }
  });

  it('names only same-origin assets, each served with the headers and its own type', async () => {
    const page = await request(app).get('/docs/');
    const assets = assetsOf(page.text);
    expect(assets).toEqual(expect.arrayContaining(['./swagger-ui-init.js', './swagger-ui.css']));
    for (const asset of assets) {
      expect(asset).toMatch(/^\.\/[\w.-]+$/);
      const res = await request(app).get(`/docs/${asset.slice(2)}`);
      expect(res.status).toBe(200);
      expectSecured(res);
      const type = asset.endsWith('.js')
        ? /javascript/
        : asset.endsWith('.css')
          ? /text\/css/
          : /image\/png/;
      expect(res.headers['content-type']).toMatch(type);
    }
  });

  it('loads no outside validator badge', async () => {
    const init = await request(app).get('/docs/swagger-ui-init.js');
    expect(init.text).toContain('"validatorUrl": null');
  });
});
