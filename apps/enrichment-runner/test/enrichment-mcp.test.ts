import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  copySampleCorpus,
  createRedisPrefix,
  type RedisPrefix,
  type SampleCorpusCopy,
} from '@podcast/testing';
import { writeEvaluations } from './support/evaluations.js';

const VIEWER_MAIN = fileURLToPath(new URL('../../viewer-api/dist/bundle.mjs', import.meta.url));
const MCP_MAIN = fileURLToPath(new URL('../dist/mcp/enrichment-mcp.js', import.meta.url));
const ENRICH = fileURLToPath(new URL('../dist/cli/enrich.js', import.meta.url));
const TOKEN = 'enrichment-mcp-operator-token';

let redis: RedisPrefix;
let corpus: SampleCorpusCopy;
let viewer: ChildProcess;
let client: Client;
let apiBase: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the viewer did not start');
}

type ToolResult = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { text: string }[];
};
const callTool = (name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<ToolResult>;

beforeAll(async () => {
  redis = createRedisPrefix();
  corpus = copySampleCorpus('enrichment-mcp');
  const port = await freePort();
  apiBase = `http://127.0.0.1:${port}`;
  viewer = spawn(process.execPath, [VIEWER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      CORPUS_DIR: corpus.corpusDir,
      DATA_DIR: join(corpus.dir, 'data'),
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      OPERATOR_TOKEN: TOKEN,
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  await waitForHealth(apiBase);
  writeEvaluations(corpus.corpusDir, 'topic_consensus', {
    'a.json': { precision: 0.7, evaluated_at: '2026-11-01T00:00:00Z' },
    'b.json': { precision: 0.4, evaluated_at: '2026-10-01T00:00:00Z' },
  });
  const targets = join(corpus.dir, 'targets.json');
  writeFileSync(
    targets,
    JSON.stringify({
      prod: { api_base: apiBase, path: corpus.corpusDir, token_env: 'PROD_TOKEN' },
    }),
  );
  client = new Client({ name: 'enrichment-mcp-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [MCP_MAIN],
      env: {
        PATH: process.env.PATH ?? '',
        ENRICHMENT_API_BASE: apiBase,
        ENRICHMENT_TARGETS_FILE: targets,
        PROD_TOKEN: TOKEN,
      },
      stderr: 'ignore',
    }),
  );
}, 40_000);

afterAll(async () => {
  await client?.close();
  viewer?.kill('SIGTERM');
  await new Promise((r) => viewer?.once('exit', r));
  await redis.close();
  corpus.remove();
});

describe('the enrichment MCP server on stdio', () => {
  it('lists the eight tools of spec 03 with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'enrichment_run_status',
      'enrichment_recent_runs',
      'enrichment_health',
      'enrichment_metrics',
      'enrichment_recent_events',
      'enrichment_eval_history',
      'enrichment_re_enable',
      'enrichment_cancel',
      'production_summary',
      'production_correlate',
    ]);
    const metrics = tools.find((t) => t.name === 'enrichment_metrics');
    expect(metrics?.inputSchema.properties).toHaveProperty('window');
  });

  it('answers the read tools from the HTTP routes', async () => {
    const status = await callTool('enrichment_run_status');
    expect(status.structuredContent).toEqual({
      available: false,
      reason: 'no enrichment run has started on this corpus',
    });
    const health = await callTool('enrichment_health', {
      enricher_id: 'temporal_velocity',
      target: 'prod',
    });
    expect(health.structuredContent?.enrichers).toHaveProperty('temporal_velocity');
    const runs = await callTool('enrichment_recent_runs', { limit: 5 });
    expect(runs.structuredContent).toEqual({ runs: [], count: 0 });
    const metrics = await callTool('enrichment_metrics', { window: '7d' });
    expect(metrics.structuredContent).toMatchObject({ window: '7d' });
  });

  it('reads the evaluation history locally, newest first', async () => {
    const history = await callTool('enrichment_eval_history', { target: 'prod' });
    expect(history.structuredContent?.count).toBe(2);
    const [newest] = (history.structuredContent?.evaluations ?? []) as { precision: number }[];
    expect(newest?.precision).toBe(0.7);
    const noPath = await callTool('enrichment_eval_history');
    expect(noPath.isError).toBe(true);
  });

  it('re-enables with the target token and logs the reason', async () => {
    const res = await callTool('enrichment_re_enable', {
      enricher_id: 'temporal_velocity',
      target: 'prod',
      reason: 'from MCP',
    });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toMatchObject({ auto_disabled: false, consecutive_failures: 0 });
    const events = await callTool('enrichment_recent_events', {
      event_type: 'enrichment.health.re_enabled',
    });
    expect(((events.structuredContent?.events ?? []) as { reason: string }[]).at(-1)?.reason).toBe(
      'from MCP',
    );
  });

  it('summarises production and correlates one run into a run-scoped view', async () => {
    const run = spawnSync(
      process.execPath,
      [
        ENRICH,
        '--output-dir',
        corpus.corpusDir,
        '--only',
        'temporal_velocity,insight_density',
        '--log-level',
        'silent',
      ],
      { encoding: 'utf8' },
    );
    const runId = JSON.parse(run.stdout).run_id as string;
    const summary = await callTool('production_summary');
    expect(summary.isError).toBeFalsy();
    expect(summary.structuredContent).toHaveProperty('costs');
    expect(summary.structuredContent?.enrichment_status).toMatchObject({
      available: true,
      run_id: runId,
    });
    expect(summary.structuredContent?.enrichment_events).toHaveLength(5);
    const view = await callTool('production_correlate', { run_id: runId });
    expect(view.structuredContent).toMatchObject({
      run_id: runId,
      status: 'ok',
      job: null,
      per_enricher: {
        temporal_velocity: { status: 'ok', attempts: 1, retries: 0 },
        insight_density: { status: 'ok', attempts: 1 },
      },
    });
    const unknown = await callTool('production_correlate', { run_id: 'enrich_nope' });
    expect(unknown.content[0]?.text).toMatch(/no enrichment event of run enrich_nope/);
  });

  it('reports refusals as tool errors: no token, unknown job, unknown target, bad input', async () => {
    const noToken = await callTool('enrichment_re_enable', { enricher_id: 'temporal_velocity' });
    expect(noToken.isError).toBe(true);
    expect(noToken.content[0]?.text).toMatch(/^401/);
    const unknownJob = await callTool('enrichment_cancel', {
      job_id: 'job_0000000000000000',
      target: 'prod',
    });
    expect(unknownJob.content[0]?.text).toMatch(/^404/);
    const unknownTarget = await callTool('enrichment_health', { target: 'staging' });
    expect(unknownTarget.content[0]?.text).toMatch(/unknown target staging/);
    const bad = await callTool('enrichment_recent_runs', { limit: 0 });
    expect(bad.isError).toBe(true);
  });
});
