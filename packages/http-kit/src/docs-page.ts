import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Where swagger-ui-express serves Swagger UI's files from (its swagger-ui-dist). */
function swaggerUiDistDir(): string {
  const fromKit = createRequire(import.meta.url);
  const fromExpress = createRequire(fromKit.resolve('swagger-ui-express'));
  return (fromExpress('swagger-ui-dist/absolute-path') as () => string)();
}

let scriptStyles: string[] | undefined;

/**
 * The `<style>` elements Swagger UI's scripts render (the top bar's logo
 * carries one): read from the served files once per process, so the hashes
 * follow the installed version.
 */
function stylesRenderedByScripts(): string[] {
  if (scriptStyles === undefined) {
    const dir = swaggerUiDistDir();
    scriptStyles = ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'].flatMap((file) =>
      [
        ...readFileSync(path.join(dir, file), 'utf8').matchAll(
          /createElement\("style",null,"([^"\\]*)"\)/g,
        ),
      ].map((m) => m[1] ?? ''),
    );
  }
  return scriptStyles;
}

/**
 * The policy of the /docs page: its own scripts, styles, images and the
 * document it fetches, nothing from elsewhere, never framed. The inline
 * `<style>` blocks of the page and of its scripts, and the page's one
 * `style` attribute, are allowed by hash (attributes need 'unsafe-hashes');
 * the init script is a served file.
 */
export function docsContentSecurityPolicy(html: string, scriptStyles: string[] = []): string {
  const blocks = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1] ?? '')
    .concat(scriptStyles)
    .map(sha256);
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => sha256(m[1] ?? ''));
  const styles = [...new Set(blocks), ...(attributes.length > 0 ? ["'unsafe-hashes'"] : [])];
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${[...styles, ...new Set(attributes)].join(' ')}`,
    // Swagger UI's stylesheet draws its icons as data: SVG images.
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * GET /docs (Swagger UI): the page, its init script and its bundled assets,
 * each answered with the policy above, `X-Frame-Options: DENY` and
 * `X-Content-Type-Options: nosniff`. The page fetches the document relative
 * to /docs/, so it also works under a path prefix.
 */
export function docsPage(title: string): RequestHandler[] {
  const options = {
    customSiteTitle: title,
    swaggerUrl: '../openapi.json',
    // Swagger UI would otherwise load a badge image from an outside validator.
    swaggerOptions: { validatorUrl: null },
  };
  // Made at the first request, so that starting an API does not read Swagger UI's scripts.
  let policy: string | undefined;
  const headers: RequestHandler = (_req, res, next) => {
    policy ??= docsContentSecurityPolicy(
      swaggerUi.generateHTML(undefined, options),
      stylesRenderedByScripts(),
    );
    res.set({
      'Content-Security-Policy': policy,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
    });
    next();
  };
  return [headers, ...swaggerUi.serve, swaggerUi.setup(undefined, options)];
}
