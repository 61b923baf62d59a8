import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { AudioSource } from '@podcast/contracts';
import { createCorpusRegistry, type EpisodeRecord } from '@podcast/corpus';
import {
  type AudioCheckSettings,
  defaultAudioCheckSettings,
  strictAddressPolicy,
} from '@podcast/runtime';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import { pino } from 'pino';
import request from 'supertest';
import { loadConsumerConfig } from '../src/env.js';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

interface Hit {
  path: string;
  host: string;
  method: string;
}

let copy: SampleCorpusCopy;
let testApp: TestApp;
/** Built with OUTBOUND_ALLOWED_HOSTS=127.0.0.1,audio.test and no other policy override. */
let listedApp: TestApp;
let origin: Server;
let other: Server;
let originBase: string;
let otherBase: string;
const hits: Hit[] = [];
const otherHits: Hit[] = [];
let scenario = 'ok';
let checked: EpisodeRecord;
let placeholder: EpisodeRecord;
let silent: EpisodeRecord;

const ok: RequestListener = (_req, res) => {
  res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': '4242' });
  res.end();
};
const redirect =
  (location: () => string): RequestListener =>
  (_req, res) => {
    res.writeHead(302, { location: location() });
    res.end();
  };

// What the origin does with /start, the URL the checked episode names.
const SCENARIOS: Record<string, RequestListener> = {
  ok,
  chain: redirect(() => '/hop2'),
  loop: redirect(() => '/start'),
  slow: () => undefined,
  missing: (_req, res) => res.writeHead(404).end(),
  'to-file': redirect(() => 'file:///etc/passwd'),
  'to-other-loopback': redirect(() => `${otherBase}/ok.mp3`),
  'to-private': redirect(() => 'http://10.255.255.1/ok.mp3'),
  'to-name': redirect(() => `http://audio.test:${new URL(originBase).port}/ok.mp3`),
  'to-unlisted-name': redirect(() => `http://unlisted.test:${new URL(originBase).port}/ok.mp3`),
};

function listen(handler: RequestListener, host: string, log: Hit[]): Promise<[Server, string]> {
  const server = createServer((req, res) => {
    log.push({ path: req.url ?? '', host: req.headers.host ?? '', method: req.method ?? '' });
    handler(req, res);
  });
  return new Promise((resolve) => {
    server.listen(0, host, () =>
      resolve([server, `http://${host}:${(server.address() as AddressInfo).port}`]),
    );
  });
}

async function originRoutes(): Promise<void> {
  [origin, originBase] = await listen(
    (req, res) => {
      const handler =
        req.url === '/start'
          ? SCENARIOS[scenario]
          : req.url === '/hop2'
            ? redirect(() => `${originBase}/ok.mp3`)
            : req.url === '/ok.mp3'
              ? ok
              : SCENARIOS.missing;
      handler?.(req, res);
    },
    '127.0.0.1',
    hits,
  );
  [other, otherBase] = await listen(ok, '127.0.0.2', otherHits);
}

/** Points one episode at the local origin and one at an app-relative placeholder. */
async function rewriteMediaUrls(root: string): Promise<void> {
  const logger = pino({ level: 'silent' });
  const registry = createCorpusRegistry({ logger, watch: false });
  const withMedia = (await registry.get(root)).episodes.filter((e) => e.media_url !== null);
  registry.close();
  const targets: [EpisodeRecord | undefined, string][] = [
    [withMedia[0], `${originBase}/start`],
    [withMedia[1], '/audio/placeholder.mp3'],
  ];
  for (const [episode, url] of targets) {
    const file = path.join(root, episode?.metadata_relpath ?? 'missing');
    const metadata = JSON.parse(await readFile(file, 'utf8'));
    metadata.content.media_url = url;
    await writeFile(file, JSON.stringify(metadata, null, 2));
  }
}

beforeAll(async () => {
  await originRoutes();
  copy = copySampleCorpus('audio-source');
  await rewriteMediaUrls(copy.corpusDir);
  testApp = await buildTestApp({ env: { CORPUS_DIR: copy.corpusDir } });
  listedApp = await buildTestApp({
    env: { CORPUS_DIR: copy.corpusDir, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1, Audio.Test' },
    // Every name is a loopback address here; only the listed ones may be reached.
    audioCheck: { resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] },
  });
  const snapshot = await testApp.ctx.corpus.get(testApp.ctx.config.corpusDir);
  const byUrl = (url: string | null) => snapshot.episodes.find((e) => e.media_url === url);
  checked = byUrl(`${originBase}/start`) as EpisodeRecord;
  placeholder = byUrl('/audio/placeholder.mp3') as EpisodeRecord;
  silent = byUrl(null) as EpisodeRecord;
  if (!checked || !placeholder || !silent) {
    throw new Error('the sample corpus lacks an episode with or without an origin URL');
  }
});

afterAll(async () => {
  origin.closeAllConnections();
  other.closeAllConnections();
  origin.close();
  other.close();
  await testApp.close();
  await listedApp.close();
  copy.remove();
});

beforeEach(() => {
  hits.length = 0;
  otherHits.length = 0;
  scenario = 'ok';
});

/** Tests allow exactly 127.0.0.1; every other address, loopback or not, stays refused. */
function allowTestOrigin(overrides: Partial<AudioCheckSettings> = {}): void {
  testApp.ctx.audioCheck = defaultAudioCheckSettings({
    addressPolicy: (address) => address === '127.0.0.1',
    timeoutMs: 1000,
    ...overrides,
  });
}

async function audioSource(slug: string, query = '', app = testApp.app) {
  const res = await request(app).get(`/api/app/episodes/${slug}/audio-source${query}`);
  if (res.status === 200) {
    AudioSource.parse(res.body);
  }
  return res;
}

describe('GET /api/app/episodes/{slug}/audio-source', () => {
  it('answers the origin enclosure URL without contacting it', async () => {
    for (const query of ['', '?validate=false']) {
      const res = await audioSource(checked.slug, query);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        episode_slug: checked.slug,
        url: `${originBase}/start`,
        strategy: 'direct',
        ...(checked.media_type === null ? {} : { mime: checked.media_type }),
        ...(checked.duration_seconds === null
          ? {}
          : { duration_seconds: checked.duration_seconds }),
        ...(checked.media_id === null ? {} : { media_id: checked.media_id }),
      });
    }
    expect(hits).toEqual([]);
  });

  it('answers 404 for an unknown slug and for an episode without an origin URL', async () => {
    expect((await audioSource('no-such-episode-0000000000')).status).toBe(404);
    const res = await audioSource(silent.slug);
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('origin audio URL');
  });

  it('refuses a validate value that is not a boolean with 400', async () => {
    const res = await audioSource(checked.slug, '?validate=maybe');
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('query.validate');
  });
});

describe('audio-source validate=true', () => {
  it('runs the strict policy, 3 s and 5 redirects by default', () => {
    const unconfigured = defaultAudioCheckSettings();
    expect(unconfigured.addressPolicy).toBe(strictAddressPolicy);
    expect(unconfigured.timeoutMs).toBe(3000);
    expect(unconfigured.maxRedirects).toBe(5);
  });

  it('never contacts a loopback origin under the default (production) policy', async () => {
    testApp.ctx.audioCheck = defaultAudioCheckSettings();
    const res = await audioSource(checked.slug, '?validate=true');
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(res.body.resolved_url).toBeUndefined();
    expect(hits).toEqual([]);
  });

  it('verifies a reachable origin and reports its length', async () => {
    allowTestOrigin();
    const res = await audioSource(checked.slug, '?validate=true');
    expect(res.body).toMatchObject({
      verified: true,
      resolved_url: `${originBase}/start`,
      content_length: 4242,
    });
    expect(hits).toEqual([{ path: '/start', host: new URL(originBase).host, method: 'HEAD' }]);
  });

  it('follows relative and absolute redirects to the final URL', async () => {
    allowTestOrigin();
    scenario = 'chain';
    const res = await audioSource(checked.slug, '?validate=true');
    expect(res.body).toMatchObject({
      verified: true,
      resolved_url: `${originBase}/ok.mp3`,
      content_length: 4242,
    });
    expect(hits.map((hit) => hit.path)).toEqual(['/start', '/hop2', '/ok.mp3']);
  });

  it('gives up after 5 redirects', async () => {
    allowTestOrigin();
    scenario = 'loop';
    const res = await audioSource(checked.slug, '?validate=true');
    expect(res.body.verified).toBe(false);
    expect(hits).toHaveLength(6);
  });

  it('gives up when the origin does not answer in time, still with 200', async () => {
    allowTestOrigin({ timeoutMs: 300 });
    scenario = 'slow';
    const started = Date.now();
    const res = await audioSource(checked.slug, '?validate=true');
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    ['an error status', 'missing'],
    ['a redirect to a file: URL', 'to-file'],
    ['a redirect to another loopback address', 'to-other-loopback'],
    ['a redirect to a private address', 'to-private'],
  ])('reports verified false for %s', async (_name, name) => {
    allowTestOrigin();
    scenario = name;
    const res = await audioSource(checked.slug, '?validate=true');
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(res.body.content_length).toBeUndefined();
    expect(hits.map((hit) => hit.path)).toEqual(['/start']);
    expect(otherHits).toEqual([]);
  });

  it('connects to the address it vetted, not to a second lookup of the name', async () => {
    // audio.test exists only in this resolver: reaching the origin proves the pinned connect.
    allowTestOrigin({ resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] });
    scenario = 'to-name';
    const res = await audioSource(checked.slug, '?validate=true');
    expect(res.body).toMatchObject({ verified: true, content_length: 4242 });
    expect(res.body.resolved_url).toBe(`http://audio.test:${new URL(originBase).port}/ok.mp3`);
    expect(hits.at(-1)?.host).toBe(`audio.test:${new URL(originBase).port}`);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    allowTestOrigin({
      resolveHost: async () => [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    scenario = 'to-name';
    const res = await audioSource(checked.slug, '?validate=true');
    expect(res.body.verified).toBe(false);
    expect(hits.map((hit) => hit.path)).toEqual(['/start']);
  });

  it('reports verified false for an app-relative placeholder URL and keeps the URL', async () => {
    allowTestOrigin();
    const res = await audioSource(placeholder.slug, '?validate=true');
    expect(res.body).toMatchObject({ url: '/audio/placeholder.mp3', verified: false });
    expect(hits).toEqual([]);
  });
});

describe('OUTBOUND_ALLOWED_HOSTS', () => {
  const check = () => audioSource(checked.slug, '?validate=true', listedApp.app);

  it('lets validate=true reach a loopback origin listed by IP', async () => {
    expect(listedApp.ctx.config.outboundAllowedHosts).toEqual(['127.0.0.1', 'audio.test']);
    const res = await check();
    expect(res.body).toMatchObject({ verified: true, content_length: 4242 });
    expect(hits.map((hit) => hit.path)).toEqual(['/start']);
  });

  it('lets a listed host redirect to another listed name', async () => {
    scenario = 'to-name';
    const res = await check();
    expect(res.body).toMatchObject({ verified: true, content_length: 4242 });
    expect(hits.at(-1)?.host).toBe(`audio.test:${new URL(originBase).port}`);
  });

  it.each([
    ['an unlisted loopback address', 'to-other-loopback'],
    ['a private address', 'to-private'],
    ['an unlisted name resolving to a loopback address', 'to-unlisted-name'],
  ])('refuses a listed host that redirects to %s', async (_name, name) => {
    scenario = name;
    const res = await check();
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(hits.map((hit) => hit.path)).toEqual(['/start']);
    expect(otherHits).toEqual([]);
  });

  it('stops start-up with one line naming the variable on a malformed entry', () => {
    const env = { CORPUS_DIR: copy.corpusDir, OUTBOUND_ALLOWED_HOSTS: 'nas.lan,nas.lan:8080' };
    expect(() => loadConsumerConfig(env)).toThrow(
      'invalid configuration: OUTBOUND_ALLOWED_HOSTS: "nas.lan:8080" is not a host name',
    );
    expect(loadConsumerConfig({ CORPUS_DIR: copy.corpusDir }).outboundAllowedHosts).toEqual([]);
  });
});
