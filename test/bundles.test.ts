import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

// Every start runs `apps/<app>/dist/bundle.mjs` (scripts/bundle-app.mjs, after
// the build `pnpm test` makes first). A bundle moves with its app folder: the
// packages kept outside it and the files its modules name are reached by paths
// relative to it, never by the absolute path of the checkout that built it.
const repo = resolve(import.meta.dirname, '..');
const APPS = ['consumer-api', 'viewer-api', 'delivery-worker', 'enrichment-runner'];

describe.each(APPS)('the %s bundle', (app) => {
  const file = resolve(repo, `apps/${app}/dist/bundle.mjs`);
  const text = readFileSync(file, 'utf8');

  it('names no absolute path of this checkout', () => {
    expect(text.includes(repo)).toBe(false);
  });

  it('imports only node builtins and files that exist beside it', () => {
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom "([^"\s]+)"/gm),
      ...text.matchAll(/\b(?:import|__require)\("([^"\s]+)"\)/g),
    ].map((m) => m[1] as string);
    const relative = specifiers.filter((s) => s.startsWith('.'));
    expect(relative.length).toBeGreaterThan(0);
    for (const specifier of relative) {
      expect([specifier, existsSync(resolve(dirname(file), specifier))]).toEqual([specifier, true]);
    }
    // Bare names other than Node's own would resolve from the app folder only, where a
    // transitive dependency is not installed. pg asks for pg-native, which is not
    // installed, only when its native client is chosen.
    const known = new Set([...builtinModules, 'pg-native']);
    const bare = specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
    expect(bare.filter((s) => !known.has(s.split('/')[0] as string))).toEqual([]);
  });

  it('keeps the location of each module that reads files beside itself', () => {
    // The search rebuild forks its own module, and the corpus index checks a file in a worker.
    if (app === 'viewer-api') {
      expect(text).toContain('packages/search/dist/build/run-rebuild.js');
      expect(text).toContain('packages/corpus-index/dist/index-check.js');
    }
    expect(text.includes('import.meta.dirname')).toBe(false);
  });
});
