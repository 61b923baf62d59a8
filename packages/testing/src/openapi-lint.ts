import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

export interface OpenApiProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  pointer: string;
}

/**
 * Runs `redocly lint` (the repository's redocly.yaml: the recommended rules)
 * on an OpenAPI document and returns what it reports, one line per problem.
 * Telemetry and the update check are off: CI has no network.
 */
export async function lintOpenApiDocument(document: unknown): Promise<OpenApiProblem[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const args = [
      CLI,
      'lint',
      file,
      '--format=json',
      `--config=${path.join(REPO, 'redocly.yaml')}`,
    ];
    const env = {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    };
    // Exit code 1 means "problems found": the report is on stdout either way.
    const out = await run(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }).catch(
      (err: { stdout?: string }) => {
        if (typeof err.stdout === 'string' && err.stdout.trim().startsWith('{')) {
          return { stdout: err.stdout };
        }
        throw err;
      },
    );
    const report = JSON.parse(out.stdout) as {
      problems: {
        ruleId: string;
        severity: 'error' | 'warn';
        message: string;
        location: { pointer: string }[];
      }[];
    };
    return report.problems.map((p) => ({
      ruleId: p.ruleId,
      severity: p.severity,
      message: p.message,
      pointer: p.location[0]?.pointer ?? '',
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
