// `pnpm start`: runs viewer-api (8000) and consumer-api (8001) on the sample
// corpus with embedded defaults, after `turbo run build`, and the delivery
// worker when there is something for it to reach: INTERNAL_OUTBOX_TOKEN and a
// channel (PODCAST_SMTP_URL, or both VAPID keys); the enrichment runner when
// REDIS_URL is set (the viewer then mounts the jobs API). Ctrl-C stops them all.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const base = {
  ...process.env,
  CORPUS_DIR: process.env.CORPUS_DIR ?? resolve(repo, 'corpus/sample'),
  APP_ENV: process.env.APP_ENV ?? 'development',
  DATA_DIR: process.env.DATA_DIR ?? resolve(repo, '.data'),
};

const apps = [
  { name: 'viewer-api', env: { PORT: process.env.VIEWER_PORT ?? '8000' } },
  { name: 'consumer-api', env: { PORT: process.env.CONSUMER_PORT ?? '8001' } },
];
const env = process.env;
const hasChannel =
  env.PODCAST_SMTP_URL || (env.PODCAST_VAPID_PUBLIC_KEY && env.PODCAST_VAPID_PRIVATE_KEY);
if (env.INTERNAL_OUTBOX_TOKEN && hasChannel) {
  apps.push({
    name: 'delivery-worker',
    env: {
      PODCAST_INTERNAL_OUTBOX_TOKEN: env.PODCAST_INTERNAL_OUTBOX_TOKEN ?? env.INTERNAL_OUTBOX_TOKEN,
      PODCAST_APP_BASE_URL: env.PODCAST_APP_BASE_URL ?? `http://127.0.0.1:${apps[1].env.PORT}`,
    },
  });
}

if (env.REDIS_URL) {
  apps.push({ name: 'enrichment-runner', env: {} });
}
const has = (name) => apps.some((app) => app.name === name);

const children = apps.map(({ name, env }) => {
  const child = spawn(process.execPath, [resolve(repo, `apps/${name}/dist/bundle.mjs`)], {
    env: { ...base, ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} exited (${signal ?? code}); stopping the others\n`);
      stop(code ?? 1);
    }
  });
  return child;
});

process.stdout.write(
  `viewer-api   http://127.0.0.1:${apps[0].env.PORT}/docs\nconsumer-api http://127.0.0.1:${apps[1].env.PORT}/docs\ncorpus       ${base.CORPUS_DIR}\n` +
    `database     ${process.env.DATABASE_URL ? 'DATABASE_URL' : `embedded PGlite in ${base.DATA_DIR}/pglite`}\n` +
    `delivery     ${has('delivery-worker') ? 'delivery-worker running' : 'no delivery worker (set INTERNAL_OUTBOX_TOKEN and PODCAST_SMTP_URL or VAPID keys)'}\n` +
    `jobs         ${has('enrichment-runner') ? 'jobs API mounted, enrichment-runner running' : 'no jobs API (set REDIS_URL)'}\n`,
);

let stopping = false;
function stop(code) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
    }
  }
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
