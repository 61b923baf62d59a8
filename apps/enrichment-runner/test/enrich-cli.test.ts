import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  copySampleCorpus,
  DETERMINISTIC_ENRICHERS,
  type SampleCorpusCopy,
  writeTinyNliModel,
  writeTinySentenceModel,
} from '@podcast/testing';
import { writeEvaluations } from './support/evaluations.js';

const ENRICH = fileURLToPath(new URL('../dist/cli/enrich.js', import.meta.url));

let corpus: SampleCorpusCopy;
let root: string;

function enrich(...args: string[]) {
  return enrichWith({}, ...args);
}

/** `enrich` with more environment variables than the test process has. */
function enrichWith(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [ENRICH, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  corpus = copySampleCorpus('enrich-cli');
  root = corpus.corpusDir;
});
afterAll(() => corpus.remove());

/** Runs `enrich` for the one enricher `id` with --with-ml and the given --config. */
function enrichOneWithMl(config: string, id: string) {
  return enrich(
    '--output-dir',
    root,
    '--config',
    config,
    '--with-ml',
    '--only',
    id,
    '--log-level',
    'silent',
  );
}

/** Runs one ML enricher with --with-ml and the given --config; answers its envelope. */
function runOneWithMl(config: string, id: string) {
  const run = enrichOneWithMl(config, id);
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout).per_enricher[id]).toMatchObject({ status: 'ok' });
  return JSON.parse(readFileSync(join(root, 'enrichments', `${id}.json`), 'utf8'));
}

describe('enrich', () => {
  it('runs the profile enrichers over the sample corpus and writes every record', () => {
    const { code, stdout, stderr } = enrich(
      '--output-dir',
      root,
      '--profile',
      'cloud_balanced',
      '--log-level',
      'warn',
    );
    expect(stderr).toMatch(/skipping topic_similarity: it needs a model provider, pass --with-ml/);
    expect(stderr).toMatch(
      /skipping topic_consensus: no evaluation of topic_consensus is recorded; it needs precision >= 0.5/,
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.status).toBe('ok');
    expect(summary.profile).toBe('cloud_balanced');
    for (const id of DETERMINISTIC_ENRICHERS) {
      expect(summary.per_enricher[id]).toMatchObject({ status: 'ok', runs_ok: 1 });
    }
    expect(summary.per_enricher.topic_similarity).toMatchObject({
      status: 'skipped',
      reason: { kind: 'needs_with_ml' },
    });
    const envelope = JSON.parse(
      readFileSync(join(root, 'enrichments', 'temporal_velocity.json'), 'utf8'),
    );
    expect(envelope).toMatchObject({
      enricher_id: 'temporal_velocity',
      status: 'ok',
      derived: true,
    });
    expect(
      JSON.parse(readFileSync(join(root, 'enrichments', 'run_summary.json'), 'utf8')).run_id,
    ).toBe(summary.run_id);
    const events = readFileSync(join(root, 'enrichments', 'run.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const mine = events.filter((e) => e.run_id === summary.run_id);
    expect(mine[0].event_type).toBe('enrichment.run.started');
    expect(mine.at(-1).event_type).toBe('enrichment.run.completed');
    expect(existsSync(join(root, '.viewer', 'enrichment_status.json'))).toBe(true);
  });

  it('applies --only, --skip and --corpus-only on top of the profile', () => {
    const only = JSON.parse(
      enrich(
        '--output-dir',
        root,
        '--profile',
        'cloud_balanced',
        '--enrichers',
        'temporal_velocity,insight_density',
        '--skip',
        'insight_density',
        '--log-level',
        'silent',
      ).stdout,
    );
    expect(Object.keys(only.per_enricher)).toEqual(['temporal_velocity']);
    const corpusOnly = JSON.parse(
      enrich('--output-dir', root, '--profile', 'dev', '--corpus-only', '--log-level', 'silent')
        .stdout,
    );
    expect(corpusOnly.per_enricher.insight_density).toMatchObject({
      status: 'skipped',
      reason: { kind: 'disabled' },
    });
    const none = JSON.parse(
      enrich(
        '--output-dir',
        root,
        '--profile',
        'cloud_balanced',
        '--no-enrichers',
        '--log-level',
        'silent',
      ).stdout,
    );
    expect(none.per_enricher).toEqual({});
  });

  it.each([
    [['--output-dir', '/nonexistent/corpus'], /is not a directory/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['--only', 'a;b'], /--only: "a;b" is not an enricher id/],
    [['--profile', 'no_such_profile'], /profile: no packaged profile is named no_such_profile/],
    [['--re-enable-reason', 'x'], /--re-enable-reason needs --re-enable/],
  ])('exits 2 with one clear line for %j', (args, message) => {
    const withRoot = args.includes('--output-dir') ? args : ['--output-dir', root, ...args];
    const { code, stderr } = enrich(...withRoot);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('exits 2 on an invalid --config and names the key', () => {
    const file = join(corpus.dir, 'bad.yaml');
    writeFileSync(
      file,
      'enrichment:\n  enrichers:\n    temporal_velocity:\n      window_months: lots\n',
    );
    const { code, stderr } = enrich('--output-dir', root, '--config', file);
    expect(code).toBe(2);
    expect(stderr).toMatch(/enrichers\.temporal_velocity\.window_months/);
    writeFileSync(file, 'enrichment:\n  surprise: 1\n');
    expect(enrich('--output-dir', root, '--config', file).stderr).toMatch(
      /config: Unrecognized key: "surprise"|config.*surprise/,
    );
  });

  it('runs over an operator file that also holds a feed list and pipeline keys', () => {
    const file = join(root, 'viewer_operator.yaml');
    writeFileSync(
      file,
      'profile: dev\nfeeds:\n  - https://a.example/rss\nrss_url: https://b.example/rss\n' +
        'whisper_model: base\nenrichment:\n  enrichers:\n    temporal_velocity:\n      window_months: 7\n',
    );
    try {
      const { code, stdout, stderr } = enrich('--output-dir', root, '--log-level', 'silent');
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ profile: 'dev', status: 'ok' });
      const envelope = JSON.parse(
        readFileSync(join(root, 'enrichments', 'temporal_velocity.json'), 'utf8'),
      );
      expect(envelope.data.window_months).toBe(7);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('refuses a deeply nested --config at once, exit 2', () => {
    const file = join(corpus.dir, 'nested.yaml');
    writeFileSync(file, `enrichment: ${'['.repeat(100_000)}\n`);
    const started = Date.now();
    const { code, stderr } = enrich('--output-dir', root, '--config', file);
    expect(code).toBe(2);
    expect(stderr).toMatch(/config: refused YAML: nested deeper than 32 levels/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('merges a --config block over the profile', () => {
    const file = join(corpus.dir, 'window.yaml');
    writeFileSync(
      file,
      'enrichment:\n  enrichers:\n    temporal_velocity:\n      window_months: 6\n',
    );
    const { code } = enrich(
      '--output-dir',
      root,
      '--profile',
      'dev',
      '--config',
      file,
      '--only',
      'temporal_velocity',
      '--log-level',
      'silent',
    );
    expect(code).toBe(0);
    const envelope = JSON.parse(
      readFileSync(join(root, 'enrichments', 'temporal_velocity.json'), 'utf8'),
    );
    expect(envelope.data.window_months).toBe(6);
  });

  it('runs topic_similarity with --with-ml and a local sentence-transformer', async () => {
    const models = join(corpus.dir, 'models');
    await writeTinySentenceModel(models, 'tiny');
    const file = join(corpus.dir, 'ml.yaml');
    writeFileSync(
      file,
      `enrichment:\n  enrichers:\n    topic_similarity:\n      provider:\n        type: sentence_transformer_local\n        model_dir: ${models}\n        model: tiny\n`,
    );
    const envelope = runOneWithMl(file, 'topic_similarity');
    expect(envelope.data.topics.length).toBeGreaterThan(10);
  });

  it('runs the gated topic_consensus once an evaluation passes, with a local NLI model', async () => {
    const models = join(corpus.dir, 'models');
    await writeTinyNliModel(models, 'tiny-nli');
    writeEvaluations(root, 'topic_consensus', {
      '2026-11-20.json': { precision: 0.8, evaluated_at: '2026-11-20T00:00:00Z', samples: 50 },
    });
    const file = join(corpus.dir, 'nli.yaml');
    writeFileSync(
      file,
      `enrichment:\n  enrichers:\n    topic_consensus:\n      min_cosine: 0.05\n      provider:\n        type: deberta_local\n        model_dir: ${models}\n        model: tiny-nli\n`,
    );
    const envelope = runOneWithMl(file, 'topic_consensus');
    expect(envelope.data.consensus.length).toBeGreaterThan(0);
    for (const row of envelope.data.consensus) {
      expect(row.insight_a_id < row.insight_b_id).toBe(true);
      expect(row.consensus_score).toBeCloseTo(row.cosine * (1 - row.contradiction), 3);
    }
  });

  it('records an evaluation with --record-eval that admits topic_consensus on the offline providers', () => {
    const evals = join(corpus.dir, 'evals-cli');
    const consensusRun = () =>
      enrich(
        ...['--output-dir', root, '--eval-root', evals, '--profile', 'cloud_balanced'],
        ...['--with-ml', '--only', 'topic_consensus', '--log-level', 'silent'],
      );
    const gated = consensusRun();
    expect(gated.code).toBe(0);
    expect(JSON.parse(gated.stdout).per_enricher.topic_consensus).toMatchObject({
      status: 'skipped',
      reason: { kind: 'accuracy_gate' },
    });
    const recorded = enrich(
      ...['--output-dir', root, '--eval-root', evals, '--record-eval', 'topic_consensus'],
      ...['--precision', '0.75', '--sample-size', '30', '--recall', '0.5'],
    );
    expect(recorded.code).toBe(0);
    expect(JSON.parse(recorded.stdout)).toMatchObject({
      enricher_id: 'topic_consensus',
      precision: 0.75,
      recall: 0.5,
      sample_size: 30,
      recorded_by: expect.stringMatching(/^cli:/),
      gate: { threshold: 0.5, admits: true },
    });
    const admitted = consensusRun();
    expect(admitted.code).toBe(0);
    expect(JSON.parse(admitted.stdout).per_enricher.topic_consensus).toMatchObject({
      status: 'ok',
    });
  });

  it.each([
    [
      ['--record-eval', 'topic_similarity', '--precision', '0.8', '--sample-size', '3'],
      /--record-eval: topic_similarity declares no accuracy gate/,
    ],
    [
      ['--record-eval', 'topic_consensus', '--precision', '1.2', '--sample-size', '3'],
      /--precision:/,
    ],
    [
      ['--record-eval', 'topic_consensus', '--precision', 'high', '--sample-size', '3'],
      /--precision:/,
    ],
    [['--record-eval', 'topic_consensus', '--precision', '0.8'], /--sample-size:/],
    [['--precision', '0.8'], /--precision needs --record-eval/],
  ])('refuses %j with exit 2 and one line naming the option', (args, message) => {
    const { code, stderr } = enrich(
      '--output-dir',
      root,
      '--eval-root',
      join(corpus.dir, 'evals-x'),
      ...args,
    );
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('retries a failing ML enricher per its tier with real sleeps, then opens its circuit', () => {
    writeEvaluations(root, 'topic_consensus', {
      'passing.json': { precision: 0.9, evaluated_at: '2026-11-21T00:00:00Z' },
    });
    const file = join(corpus.dir, 'missing-model.yaml');
    writeFileSync(
      file,
      `enrichment:\n  enrichers:\n    topic_consensus:\n      provider:\n        type: deberta_local\n        model_dir: ${join(corpus.dir, 'no-models-here')}\n        model: absent\n`,
    );
    const started = Date.now();
    const run = enrichOneWithMl(file, 'topic_consensus');
    // The ML tier: two retries after 5 s and 10 s (±10%), then the third failure opens the circuit.
    expect(Date.now() - started).toBeGreaterThan(13_000);
    expect(run.code).toBe(1);
    const summary = JSON.parse(run.stdout);
    expect(summary.per_enricher.topic_consensus).toMatchObject({
      status: 'failed',
      retries: 2,
      reason: { kind: 'circuit_open' },
    });
    const events = readFileSync(join(root, 'enrichments', 'run.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((e) => e.run_id === summary.run_id)
      .map((e) => e.event_type);
    expect(events.filter((e) => e === 'enrichment.enricher.retry')).toHaveLength(2);
    expect(events).toContain('enrichment.enricher.circuit_opened');
  }, 60_000);

  it('re-enables an enricher from the command line, and refuses an unknown one', () => {
    const { code, stdout } = enrich(
      '--output-dir',
      root,
      '--re-enable',
      'temporal_velocity',
      '--re-enable-reason',
      'fixed',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      enricher_id: 'temporal_velocity',
      auto_disabled: false,
    });
    expect(enrich('--output-dir', root, '--re-enable', 'never_heard_of').code).toBe(2);
  });

  it('refuses to run while a live process holds the corpus, and takes over a dead one', async () => {
    const lock = join(root, 'enrichments', '.run.lock');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(lock, String(holder.pid));
      const held = enrich('--output-dir', root, '--profile', 'dev', '--log-level', 'silent');
      expect(held.code).toBe(3);
      expect(held.stderr).toMatch(/another enrichment run holds this corpus/);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((r) => holder.once('exit', r));
    }
    const taken = enrich('--output-dir', root, '--profile', 'dev', '--log-level', 'silent');
    expect(taken.code).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('reads the corpus from the index the APIs keep under DATA_DIR, to the same run', () => {
    const statuses = (stdout: string) =>
      Object.fromEntries(
        Object.entries(JSON.parse(stdout).per_enricher as Record<string, { status: string }>).map(
          ([id, outcome]) => [id, outcome.status],
        ),
      );
    const args = ['--output-dir', root, '--profile', 'dev', '--log-level', 'silent'];
    const plain = enrich(...args);
    expect(plain.code).toBe(0);
    const data = join(corpus.dir, 'data');
    const indexed = enrichWith({ DATA_DIR: data }, ...args);
    expect(indexed.code).toBe(0);
    expect(statuses(indexed.stdout)).toEqual(statuses(plain.stdout));
    expect(
      readdirSync(join(data, 'corpus-index')).filter((f) => f.endsWith('.sqlite')),
    ).toHaveLength(1);
    const bad = enrichWith({ CORPUS_INDEX_URL: 'mysql://db/x' }, ...args);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^enrich: invalid configuration: CORPUS_INDEX_URL: /);
  });
});
