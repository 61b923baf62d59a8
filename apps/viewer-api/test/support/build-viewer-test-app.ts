import type { CorpusRegistry, CorpusRegistryOptions } from '@podcast/corpus';
import type { CorpusIndexTiming } from '@podcast/corpus-index';
import { createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import type { Express } from 'express';
import { pino } from 'pino';
import { buildViewerApp, type ViewerDeps } from '../../src/app.js';
import { buildViewerContext } from '../../src/build-context.js';
import { loadViewerConfig } from '../../src/env.js';
import { corpusIndexFor } from '../../src/routes/corpus-browse/corpus-snapshot-for.js';

export interface ViewerTestAppOptions {
  /** The default corpus root (CORPUS_DIR). Defaults to the sample corpus. */
  corpusDir?: string;
  /** Extra allowed roots (CORPUS_ROOTS); the default root is always allowed. */
  roots?: string[];
  /** OPERATOR_TOKEN (at least 16 characters); unset by default. */
  operatorToken?: string;
  /** The clock routes see; the real clock by default. */
  now?: () => Date;
  /** More environment variables for loadViewerConfig; they win over the ones above. */
  env?: Record<string, string>;
  /** Registry options over the test defaults (no watchers, no background refresh). */
  corpus?: Partial<CorpusRegistryOptions>;
  /** The corpus index's heartbeat and rescan pause (CORPUS_INDEX=sqlite or CORPUS_INDEX_URL). */
  corpusIndex?: CorpusIndexTiming;
}

export interface ViewerTestApp {
  app: Express;
  ctx: ViewerDeps;
  /** The registry behind the app, e.g. for `corpus.refresh(root)` after editing files. */
  corpus: CorpusRegistry;
  /**
   * After a test changed corpus files: a new snapshot of `root` (the
   * default corpus when absent) and the corpus index's ingest, as the
   * watchers would do a moment later.
   */
  refresh(root?: string): Promise<void>;
  /** Stops the corpus registry; call it in afterAll. */
  close(): Promise<void>;
}

/**
 * The viewer API over the sample corpus (or `corpusDir`), its context built by
 * buildViewerContext as main.ts builds it, with a silent logger and no
 * directory watchers: one per test file, closed in afterAll.
 */
export function buildViewerTestApp(opts: ViewerTestAppOptions = {}): ViewerTestApp {
  const env: Record<string, string> = {
    CORPUS_DIR: opts.corpusDir ?? SAMPLE_CORPUS_DIR,
    LOG_LEVEL: 'silent',
    // No persisted projection unless a test names a folder for it.
    CORPUS_CACHE_DIR: 'off',
    // Requests wait for the first load (a loaded CI machine can take seconds).
    CORPUS_LOAD_WAIT_MS: '0',
  };
  if (opts.roots !== undefined) {
    env.CORPUS_ROOTS = opts.roots.join(':');
  }
  if (opts.operatorToken !== undefined) {
    env.OPERATOR_TOKEN = opts.operatorToken;
  }
  // The app's own DATA_DIR (its corpus index) unless the test names one.
  const data = opts.env?.DATA_DIR === undefined ? createScratch('viewer-data') : undefined;
  if (data !== undefined) {
    env.DATA_DIR = data.dir;
  }
  const { ctx, close } = buildViewerContext(loadViewerConfig({ ...env, ...opts.env }), {
    logger: pino({ level: 'silent' }),
    // No watchers and no background refresh: tests refresh when they change files.
    corpus: { watch: false, refreshIntervalMs: 60_000, serveStale: false, ...opts.corpus },
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.corpusIndex ? { corpusIndex: opts.corpusIndex } : {}),
  });
  return {
    app: buildViewerApp(ctx),
    ctx,
    corpus: ctx.corpus,
    refresh: async (root = ctx.config.corpusRoots.defaultRoot) => {
      await ctx.corpus.refresh(root);
      await (await corpusIndexFor(ctx, root, 'catalog'))?.index.ingestNow();
    },
    close: async () => {
      await close();
      data?.remove();
    },
  };
}
