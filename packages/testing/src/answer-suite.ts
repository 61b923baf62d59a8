import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, expect, it } from '@jest/globals';
import { copyOfGenerated } from './generated-corpus.js';
import { holdFirstLoads } from './held-load.js';
import { type IndexDialect, type IndexEnv, indexEnvFor } from './index-suite.js';
import {
  type AnswerBook,
  answerKey,
  answersOf,
  listenOnLoopback,
  readAnswerBook,
  recordingFor,
} from './recorded-answers.js';
import { createScratch } from './sample-corpus.js';

/*
 * The recorded-answers check, declared inside a jest suite (a subpath of its
 * own, like route-probes: it imports @jest/globals). The app under test is
 * built over a freshly generated answer corpus and every URL the planner
 * names is compared with the recording.
 */

/** What the suite needs of an app: its handler, its snapshot, its projection store, a close. */
export interface AnswerApp<S> {
  handler: Parameters<typeof listenOnLoopback>[0];
  snapshot(): Promise<S>;
  /** Saves the corpus projection now (the registry's `persist`). */
  persist(): Promise<void>;
  /** The projection store's counters (the registry's `projection()`). */
  projection(): { hits: number; misses: number } | null;
  /** Waits for the whole first load (the registry's `warm`). */
  warm(): Promise<unknown>;
  /** Whether any request made the app load a snapshot (the registry holds a root). */
  snapshotLoaded(): boolean;
  /** Runs the corpus index's ingest now and waits for it (the first build); a no-op without one. */
  ingestNow(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * How the app is built for the check of a first load that serves its
 * episodes before their layers: requests get the early snapshot instead of
 * waiting (a `CORPUS_LOAD_WAIT_MS` that is set), from one layer file left
 * to read (`layersLaterMin: 1`), and the load calls `beforeLayers` there.
 */
export interface EarlyLayers {
  beforeLayers(root: string): Promise<void>;
}

export interface AnswerSuite<S> {
  /**
   * Writes the answer corpus at `out`: the generator with ANSWER_CORPUS
   * (passed in, as the generator package's own tests depend on this one),
   * run once per test run and copied after (`copyOfGenerated`).
   */
  generate(out: string): Promise<unknown>;
  /** The recording folder (one JSON file per route family), checked in beside the test. */
  recording: string;
  /** Builds the app over the corpus at `root`, its projection kept in `cacheDir`, with the suite's clock. */
  build(
    root: string,
    cacheDir: string,
    now: () => Date,
    early?: EarlyLayers,
    /** The corpus index to answer from (CORPUS_INDEX=sqlite or CORPUS_INDEX_URL), else the projection. */
    index?: IndexEnv,
  ): Promise<AnswerApp<S>>;
  /** The URLs to ask, in a fixed order, planned from the app's snapshot. */
  urls(snapshot: S): string[];
  /** URLs that need no GI, KG or bridge file: answered as recorded while the layers load. */
  servedEarly: readonly string[];
  /**
   * URLs the corpus index does not answer yet: with the index on, they are
   * asked last and may load the projection; every other URL must not.
   */
  onProjection: readonly RegExp[];
}

/** The clock every recording was made at: the day after the generator's newest episode. */
export const ANSWER_CLOCK = new Date('2026-11-16T12:00:00Z');

/** Overwrites bytes in the middle of every projection file in `dir`. */
function corruptProjections(dir: string): number {
  const files = readdirSync(dir).filter((name) => name.endsWith('.projection'));
  for (const name of files) {
    const file = join(dir, name);
    const bytes = readFileSync(file);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 64);
    writeFileSync(file, bytes);
  }
  return files.length;
}

/** Every file under `dir` with its mtime. */
function filesUnder(dir: string, found = new Map<string, number>()): Map<string, number> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      filesUnder(full, found);
    } else {
      found.set(full, statSync(full).mtimeMs);
    }
  }
  return found;
}

/**
 * Removes the files written since `generated` was taken; false when a
 * generated file changed or went (the tree must be generated again).
 */
function resetTree(root: string, generated: ReadonlyMap<string, number>): boolean {
  const now = filesUnder(root);
  for (const [file, mtimeMs] of generated) {
    if (now.get(file) !== mtimeMs) {
      return false;
    }
  }
  for (const file of now.keys()) {
    if (!generated.has(file)) {
      rmSync(file);
    }
  }
  return true;
}

/**
 * The answers with the index's health facts checked and left out: the one
 * field an index adds to an answer (`corpus_index` of the health route).
 */
function withoutIndexHealth(answers: AnswerBook): AnswerBook {
  return Object.fromEntries(
    Object.entries(answers).map(([url, answer]) => {
      const body = answer.body as Record<string, unknown> | undefined;
      if (body === null || typeof body !== 'object' || !('corpus_index' in body)) {
        return [url, answer];
      }
      const { corpus_index: health, ...rest } = body;
      expect({ url, health }).toEqual({
        url,
        health: { ingester: true, failures: 0, last_error: null },
      });
      return [url, { ...answer, body: rest }];
    }),
  );
}

/**
 * Declares the recorded-answers check three times over the generated
 * corpus: with an empty projection cache (the first start), with the
 * projection the first start saved (a restart), and with that projection
 * corrupted (rebuilt, never served). All three must answer as recorded.
 */
export function declareAnswerSuite<S>(label: string, suite: AnswerSuite<S>): void {
  const scratch = createScratch(`${label}-answers`);
  const root = join(scratch.dir, 'corpus');
  const cacheDir = join(scratch.dir, 'cache');

  // The same tree for each start: the routes write state of their own into
  // the corpus (the query log, thumbnails), which is removed between starts;
  // a start that changed a generated file gets a freshly generated tree.
  let generated: Map<string, number> | undefined;
  beforeEach(async () => {
    if (generated === undefined || !resetTree(root, generated)) {
      rmSync(root, { recursive: true, force: true });
      await copyOfGenerated('answer-corpus', suite.generate, root);
      generated = filesUnder(root);
    }
  }, 120_000);

  afterAll(() => {
    scratch.remove();
  });

  /** The URLs of the first start, kept for the check that cannot plan them from its own snapshot. */
  let planned: string[] | undefined;

  async function answersOfApp(check: (app: AnswerApp<S>) => Promise<void>) {
    const app = await suite.build(root, cacheDir, () => ANSWER_CLOCK);
    const server = await listenOnLoopback(app.handler);
    try {
      const urls = suite.urls(await app.snapshot());
      planned ??= urls;
      const answers = await answersOf(server.base, urls, root);
      await check(app);
      return answers;
    } finally {
      await server.close();
      await app.close();
    }
  }

  function expectRecorded(answers: AnswerBook): void {
    const recorded = recordingFor(suite.recording, answers);
    expect(Object.keys(answers).sort()).toEqual(Object.keys(recorded).sort());
    for (const [url, answer] of Object.entries(answers)) {
      expect({ url, ...answer }).toEqual({ url, ...recorded[url] });
    }
  }

  it('answers as recorded on a first start (no stored projection)', async () => {
    const answers = await answersOfApp(async (app) => {
      expect(app.projection()).toMatchObject({ hits: 0, misses: 1 });
      await app.persist();
    });
    expectRecorded(answers);
  }, 120_000);

  it('answers as recorded on a restart from the stored projection', async () => {
    const answers = await answersOfApp(async (app) => {
      expect(app.projection()).toMatchObject({ hits: 1, misses: 0 });
    });
    expectRecorded(answers);
  }, 120_000);

  it('answers from the episodes while a first start reads the layers, then as recorded', async () => {
    if (planned === undefined) {
      await answersOfApp(async () => {}); // run alone: the first start plans them
    }
    const urls = planned ?? [];
    const held = holdFirstLoads();
    const app = await suite.build(root, join(scratch.dir, 'cache-early'), () => ANSWER_CLOCK, held);
    const server = await listenOnLoopback(app.handler);
    try {
      const loaded = app.warm();
      await held.reached;
      const early = await answersOf(server.base, urls, root);
      const recorded = readAnswerBook(suite.recording) ?? {};
      const later: string[] = [];
      for (const asked of urls) {
        const url = answerKey(asked, root);
        const answer = early[url];
        if (answer?.status === 503) {
          // Turned away for the layers, never for the corpus as a whole.
          expect({ url, body: answer.body }).toMatchObject({
            url,
            body: { status: 503, loading: true, episodes_ready: true, retry_after_s: 5 },
          });
          later.push(asked);
        } else {
          expect({ url, ...answer }).toEqual({ url, ...recorded[url] });
        }
      }
      for (const url of suite.servedEarly) {
        expect({ url, status: early[answerKey(url, root)]?.status }).toEqual({ url, status: 200 });
      }
      // Routes that read layers were asked (graph, digest, insights): the gate held them.
      expect(later.length).toBeGreaterThan(0);
      held.release();
      await loaded;
      const answers = await answersOf(server.base, later, root);
      for (const [url, answer] of Object.entries(answers)) {
        expect({ url, ...answer }).toEqual({ url, ...recorded[url] });
      }
    } finally {
      held.release();
      await server.close();
      await app.close();
    }
  }, 120_000);

  it('answers as recorded on a restart after the stored projection was corrupted', async () => {
    expect(corruptProjections(cacheDir)).toBe(1);
    const answers = await answersOfApp(async (app) => {
      expect(app.projection()).toMatchObject({ hits: 0, misses: 1 });
    });
    expectRecorded(answers);
  }, 120_000);

  for (const dialect of ['sqlite', 'postgres'] as const) {
    declareIndexAnswers(dialect);
  }

  /**
   * The same check with the corpus index on: a cold index (its first
   * build), a warm one (a restart over the built index) and, for SQLite, a
   * corrupted index file (rebuilt, never served). The URLs the index
   * answers are asked first and must not load the projection.
   */
  function declareIndexAnswers(dialect: IndexDialect): void {
    const dataDir = join(scratch.dir, `index-${dialect}`);
    let env: IndexEnv | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;

    afterAll(async () => {
      await dropDatabase?.();
    });

    /**
     * The index's answers to the planned URLs, in their order. With
     * `servedOnly`, only the URLs the index answers are asked, and none of
     * them may load the projection; else every URL is asked (the ones on
     * the projection in their place, as answers such as the ops summary
     * depend on what was asked before them).
     */
    async function indexedAnswers(servedOnly: boolean): Promise<AnswerBook> {
      if (planned === undefined) {
        await answersOfApp(async () => {}); // run alone: the projection's first start plans them
      }
      if (env === undefined) {
        const made = await indexEnvFor(dialect, dataDir);
        env = made.env;
        dropDatabase = made.database && (() => made.database?.close() ?? Promise.resolve());
      }
      const urls = (planned ?? []).filter(
        (url) => !servedOnly || !suite.onProjection.some((re) => re.test(url)),
      );
      const app = await suite.build(root, cacheDir, () => ANSWER_CLOCK, undefined, env);
      const server = await listenOnLoopback(app.handler);
      try {
        await app.ingestNow();
        if (!servedOnly) {
          return withoutIndexHealth(await answersOf(server.base, urls, root));
        }
        let answers: AnswerBook = {};
        for (const url of urls) {
          answers = { ...answers, ...(await answersOf(server.base, [url], root)) };
          // The first URL that made the app load the projection is named.
          expect({ url, projectionLoaded: app.snapshotLoaded() }).toEqual({
            url,
            projectionLoaded: false,
          });
        }
        return withoutIndexHealth(answers);
      } finally {
        await server.close();
        await app.close();
      }
    }

    it(`answers as recorded from a cold ${dialect} index, without loading the projection`, async () => {
      const recorded = readAnswerBook(suite.recording) ?? {};
      const answers = await indexedAnswers(true);
      expect(Object.keys(answers).length).toBeGreaterThan(0);
      for (const [url, answer] of Object.entries(answers)) {
        expect({ url, ...answer }).toEqual({ url, ...recorded[url] });
      }
    }, 120_000);

    it(`answers every URL as recorded from a warm ${dialect} index (a restart)`, async () => {
      expectRecorded(await indexedAnswers(false));
    }, 120_000);

    if (dialect === 'sqlite') {
      it('answers as recorded after the SQLite index file was corrupted', async () => {
        const dir = join(dataDir, 'corpus-index');
        const files = readdirSync(dir).filter((name) => name.endsWith('.sqlite'));
        expect(files).toHaveLength(1);
        const file = join(dir, files[0] as string);
        const bytes = readFileSync(file);
        bytes.fill(0x5a, 0, 100); // the header: no longer an SQLite database
        writeFileSync(file, bytes);
        rmSync(`${file}-wal`, { force: true });
        rmSync(`${file}-shm`, { force: true });
        expectRecorded(await indexedAnswers(false));
      }, 120_000);
    }
  }
}
