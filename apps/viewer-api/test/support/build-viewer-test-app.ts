import { resolve } from 'node:path';
import { type CorpusRegistry, createCorpusRegistry } from '@podcast/corpus';
import type { Express } from 'express';
import { pino } from 'pino';
import { buildViewerApp } from '../../src/app.js';
import type { ViewerCtx } from '../../src/context.js';
import { loadViewerConfig } from '../../src/env.js';

/** The sample corpus shipped in the repository (corpus/sample). */
export const SAMPLE_CORPUS_DIR = resolve(import.meta.dirname, '../../../../corpus/sample');

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
}

export interface ViewerTestApp {
  app: Express;
  ctx: Omit<ViewerCtx, 'capabilities'>;
  /** The registry behind the app, e.g. for `corpus.refresh(root)` after editing files. */
  corpus: CorpusRegistry;
  /** Stops the corpus registry; call it in afterAll. */
  close(): void;
}

/**
 * The viewer API over the sample corpus (or `corpusDir`) with a silent
 * logger and no directory watchers: one per test file, closed in afterAll.
 */
export function buildViewerTestApp(opts: ViewerTestAppOptions = {}): ViewerTestApp {
  const env: Record<string, string> = {
    CORPUS_DIR: opts.corpusDir ?? SAMPLE_CORPUS_DIR,
    LOG_LEVEL: 'silent',
  };
  if (opts.roots !== undefined) {
    env.CORPUS_ROOTS = opts.roots.join(':');
  }
  if (opts.operatorToken !== undefined) {
    env.OPERATOR_TOKEN = opts.operatorToken;
  }
  const config = loadViewerConfig({ ...env, ...opts.env });
  const logger = pino({ level: 'silent' });
  const corpus = createCorpusRegistry({ logger, watch: false, refreshIntervalMs: 60_000 });
  const ctx = { config, corpus, logger, now: opts.now ?? (() => new Date()) };
  return { app: buildViewerApp(ctx), ctx, corpus, close: () => corpus.close() };
}
