import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';

const repo = resolve(import.meta.dirname, '..');
const APPS = ['viewer-api', 'consumer-api', 'delivery-worker', 'enrichment-runner'];

/** `docker compose` (plugin) when present, else the standalone `docker-compose`. */
function composeCommand(): string[] {
  if (spawnSync('docker', ['compose', 'version']).status === 0) {
    return ['docker', 'compose'];
  }
  return ['docker-compose'];
}

describe('docker-compose.yml', () => {
  it('passes `docker compose config` and defines every service of the stack', () => {
    const [cmd, ...args] = composeCommand();
    const out = execFileSync(cmd as string, [...args, '-f', 'docker-compose.yml', 'config'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, POSTGRES_PASSWORD: 'x' },
    });
    const services = Object.keys(parse(out).services).sort();
    expect(services).toEqual(['mailcatcher', 'postgres', 'redis', ...APPS].sort());
  });

  it.each(APPS)('builds %s from a multi-stage, non-root Dockerfile', (app) => {
    const text = readFileSync(resolve(repo, `infra/${app}.Dockerfile`), 'utf8');
    expect(text.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^USER node$/m);
    expect(text).toContain(`--filter @podcast/${app} deploy --prod`);
  });
});
