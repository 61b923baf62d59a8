import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { REPO_ROOT } from './app-process.js';
import { waitUntil } from './free-port.js';
import { OPERATOR_TOKEN } from './stack.js';

/** A generated corpus of `feeds` × `episodes` (an enrichment run over it takes seconds). */
export function generateCorpus(out: string, feeds: number, episodes: number): string {
  const cli = resolve(REPO_ROOT, 'packages/corpus-generator/dist/cli.js');
  const args = [cli, '--feeds', String(feeds), '--episodes', String(episodes), '--out', out];
  const made = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (made.status !== 0) {
    throw new Error(`the corpus generator failed: ${made.stderr}`);
  }
  return out;
}

/** The operator's calls on one corpus through one viewer. */
export function jobsClient(viewerUrl: string, root: string) {
  const withPath = (path: string) =>
    `${viewerUrl}${path}${path.includes('?') ? '&' : '?'}path=${encodeURIComponent(root)}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(withPath(path), {
      method,
      headers: {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const statusOf = async (jobId: string) =>
    (await call('GET', `/api/jobs/${jobId}`)).body.status as string | undefined;
  return {
    call,
    statusOf,
    enrich: async (only: readonly string[]) => {
      const res = await call('POST', '/api/jobs/enrichment', { only });
      if (res.status !== 202) {
        throw new Error(`enrichment job answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
      return res.body.job_id as string;
    },
    /** Waits until the job leaves queued/running; answers its final status (or the last seen). */
    waitEnded: async (jobId: string, timeoutMs: number) => {
      let last: string | undefined;
      await waitUntil(
        async () => {
          last = await statusOf(jobId);
          return last !== undefined && last !== 'queued' && last !== 'running';
        },
        timeoutMs,
        250,
      );
      return last;
    },
  };
}

/** Every line of the corpus's enrichment event log, and how many do not parse. */
export function eventLogLines(root: string): { lines: Record<string, unknown>[]; torn: number } {
  const file = join(root, 'enrichments', 'run.jsonl');
  if (!existsSync(file)) {
    return { lines: [], torn: 0 };
  }
  const text = readFileSync(file, 'utf8');
  let torn = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  const lines: Record<string, unknown>[] = [];
  for (const line of text.split('\n').filter((l) => l !== '')) {
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      torn++;
    }
  }
  return { lines, torn };
}

/**
 * The ids of `jobIds` BullMQ still holds (waiting, active, delayed or
 * prioritized) on the enrichment queue under the default key prefix.
 */
export async function enrichmentQueueHolds(redisUrl: string, jobIds: string[]): Promise<string[]> {
  const queue = 'podcast:bull:enrichment';
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const [waiting, active, delayed, prioritized] = await Promise.all([
      redis.lrange(`${queue}:wait`, 0, -1),
      redis.lrange(`${queue}:active`, 0, -1),
      redis.zrange(`${queue}:delayed`, '0', '-1'),
      redis.zrange(`${queue}:prioritized`, '0', '-1'),
    ]);
    const held = new Set([...waiting, ...active, ...delayed, ...prioritized]);
    return jobIds.filter((id) => held.has(id));
  } finally {
    redis.disconnect();
  }
}
