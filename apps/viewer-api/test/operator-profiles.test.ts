import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperatorProfilesResponse } from '@podcast/contracts';
import { createCorpusRegistry, findProfilePreset, validateOperatorContent } from '@podcast/corpus';
import { cronProblem } from '@podcast/jobs';
import { pino } from 'pino';
import request from 'supertest';
import { buildViewerApp } from '../src/app.js';
import { loadViewerConfig } from '../src/env.js';
import { PROFILES_DIR } from '../src/routes/operator/operator-profiles.js';

const logger = pino({ level: 'silent' });
const registry = createCorpusRegistry({ logger, watch: false, refreshIntervalMs: 60_000 });
// An empty corpus of its own: GET /api/operator-config may seed a file there.
let corpus = '';
beforeAll(async () => {
  corpus = await mkdtemp(path.join(tmpdir(), 'operator-profiles-'));
});
afterAll(async () => {
  registry.close();
  await rm(corpus, { recursive: true, force: true });
});

function appWith(env: Record<string, string> = {}) {
  const config = loadViewerConfig({ CORPUS_DIR: corpus, ...env });
  return buildViewerApp({ config, corpus: registry, logger, now: () => new Date() });
}

const PACKAGED = [
  'airgapped',
  'cloud_balanced',
  'cloud_quality',
  'cloud_thin',
  'dev',
  'local',
  'test_default',
];

const NINE_ENRICHERS = [
  'grounding_rate',
  'guest_coappearance',
  'insight_density',
  'insight_sentiment',
  'temporal_velocity',
  'topic_consensus',
  'topic_cooccurrence_corpus',
  'topic_similarity',
  'topic_theme_clusters',
];

describe('GET /api/operator-config/profiles', () => {
  it('lists the packaged presets by name with descriptions, sorted', async () => {
    const res = await request(appWith()).get('/api/operator-config/profiles');
    expect(res.status).toBe(200);
    const body = OperatorProfilesResponse.parse(res.body);
    expect(body.profiles.map((p) => p.name)).toEqual(PACKAGED);
    expect(body.profiles.every((p) => (p.description ?? '').length > 10)).toBe(true);
  });

  it('never lists .example templates or presets in subfolders, though both are shipped', async () => {
    const shipped = await readdir(PROFILES_DIR, { recursive: true });
    expect(shipped).toEqual(
      expect.arrayContaining(['example.example.yaml', path.join('experimental', 'bakeoff_a.yaml')]),
    );
    const names = (await request(appWith()).get('/api/operator-config/profiles')).body.profiles.map(
      (p: { name: string }) => p.name,
    );
    expect(names).not.toEqual(expect.arrayContaining(['example.example']));
    expect(names).not.toContain('example');
    expect(names).not.toContain('bakeoff_a');
  });

  it('narrows the set to PODCAST_AVAILABLE_PROFILES, ignoring names that are not packaged', async () => {
    const app = appWith({ PODCAST_AVAILABLE_PROFILES: ' dev, local ,nope,example.example' });
    const res = await request(app).get('/api/operator-config/profiles');
    expect(res.body).toEqual({
      profiles: [
        { name: 'dev', description: expect.any(String) },
        { name: 'local', description: expect.any(String) },
      ],
    });
    const config = await request(app).get('/api/operator-config');
    expect(config.body.available_profiles).toEqual(['dev', 'local']);
  });

  it('is listed in the OpenAPI document with its response schema', async () => {
    const doc = (await request(appWith()).get('/openapi.json')).body;
    expect(doc.paths['/api/operator-config/profiles'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/feeds'].put.security).toEqual([{ operatorToken: [] }]);
  });
});

describe('packaged presets', () => {
  it.each(PACKAGED)('%s is a valid operator file that sets its own profile', async (name) => {
    const text = await readFile(path.join(PROFILES_DIR, `${name}.yaml`), 'utf8');
    const valid = validateOperatorContent(text, {
      availableProfiles: PACKAGED,
      cronProblem: (cron) => cronProblem(cron, new Date()),
    });
    expect(valid.data.profile).toBe(name);
  });

  it('cloud_balanced clusters topics at 0.75 and turns on all nine enrichers', async () => {
    const preset = await findProfilePreset(PROFILES_DIR, 'cloud_balanced');
    expect(preset?.config.topic_cluster_threshold).toBe(0.75);
    const enrichment = preset?.config.enrichment as {
      enabled: boolean;
      enrichers: Record<string, { provider?: { type: string } }>;
    };
    expect(enrichment.enabled).toBe(true);
    expect(Object.keys(enrichment.enrichers).sort()).toEqual(NINE_ENRICHERS);
    // The offline providers this build ships, so the model-based enrichers run without models.
    expect(enrichment.enrichers.topic_similarity?.provider?.type).toBe('static_word_vectors');
    expect(enrichment.enrichers.topic_consensus?.provider?.type).toBe('word_vector_nli');
  });

  it('finds no preset for a template, a subfolder file or a traversal name', async () => {
    for (const name of ['example.example', 'bakeoff_a', '../package', 'experimental/bakeoff_a']) {
      expect(await findProfilePreset(PROFILES_DIR, name)).toBeUndefined();
    }
  });
});
