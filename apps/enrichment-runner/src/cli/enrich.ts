#!/usr/bin/env node
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DomainError } from '@podcast/contracts';
import {
  EnricherRegistry,
  enrichCorpus,
  evaluationsDir,
  InvalidEnrichmentConfig,
  RunInProgress,
  recordEvaluation,
  reEnableEnricher,
  systemClock,
} from '@podcast/enrichment';
import { ConfigError, createLogger, sharedCorpusIndexOf } from '@podcast/runtime';
import { pino } from 'pino';
import { parseEnrichArgs, UsageError } from './enrich-args.js';
import { indexFactsReader } from './index-facts.js';

/**
 * `enrich`: runs the enrichers over a corpus (spec 03 "Command line"), or,
 * with --re-enable or --record-eval, changes what gates them and exits.
 * Exit codes: 0 ok, 1 a failed run, 2 bad options or an invalid
 * configuration, 3 another run holds the corpus, 143 cancelled (SIGTERM).
 * The run summary is printed on stdout as one JSON line; progress goes to
 * stderr when it is a terminal.
 */
async function main(argv: readonly string[]): Promise<number> {
  const args = parseEnrichArgs(argv, process.env);
  const corpusRoot = resolve(args.outputDir);
  if (
    !(await stat(corpusRoot).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  ) {
    throw new UsageError(`--output-dir: ${corpusRoot} is not a directory`);
  }
  // The corpus index the APIs keep for this corpus, when the environment says where
  // (DATA_DIR or CORPUS_INDEX_URL, as the APIs read them): the facts are read there.
  const corpusIndex = sharedCorpusIndexOf(process.env, corpusRoot);
  const logger = createLogger(args.logLevel as 'info', 'enrich', {
    destination: pino.destination(2),
  });
  const registry = new EnricherRegistry();
  if (args.reEnable !== undefined) {
    const health = await reEnableEnricher({
      corpusRoot,
      enricherId: args.reEnable,
      operatorId: `cli:${process.env.USER ?? 'unknown'}`,
      reason: args.reEnableReason ?? null,
      now: new Date(),
      knownIds: registry.ids(),
    });
    process.stdout.write(`${JSON.stringify({ enricher_id: args.reEnable, ...health })}\n`);
    return 0;
  }
  if (args.recordEval !== undefined) {
    const recorded = await recordEvaluation(
      {
        evalRoot: args.evalRoot === undefined ? evaluationsDir(corpusRoot) : resolve(args.evalRoot),
        registry,
        evaluation: args.recordEval,
        recordedBy: `cli:${process.env.USER ?? 'unknown'}`,
        now: new Date(),
      },
      (key) => (key === 'enricher_id' ? '--record-eval' : '--evaluated-at'),
    );
    process.stdout.write(`${JSON.stringify(recorded)}\n`);
    return 0;
  }
  const controller = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.warn({ signal }, 'cancelling: the run stops at its next safe point');
      controller.abort();
    });
  }
  const tty = process.stderr.isTTY === true;
  const { summary, hints } = await enrichCorpus(
    {
      corpusRoot,
      ...(args.profile === undefined ? {} : { profile: args.profile }),
      ...(args.config === undefined ? {} : { configText: await readFile(args.config, 'utf8') }),
      selection: {
        ...(args.only === undefined ? {} : { only: args.only }),
        ...(args.skip === undefined ? {} : { skip: args.skip }),
        ...(args.optIn === undefined ? {} : { optIn: args.optIn }),
        noEnrichers: args.noEnrichers,
        withMl: args.withMl,
        corpusOnly: args.corpusOnly,
      },
      jobId: args.jobId ?? null,
      parentRunId: args.jobId ?? null,
      ...(args.evalRoot === undefined ? {} : { evalRoot: resolve(args.evalRoot) }),
    },
    {
      registry,
      logger,
      ...(corpusIndex === undefined ? {} : { readFacts: indexFactsReader(corpusIndex, logger) }),
      clock: systemClock,
      random: Math.random,
      signal: controller.signal,
      onProgress: (p) => {
        const line = `[${p.done}/${p.total}] ${p.enricher_id} ${p.status}`;
        if (tty) {
          process.stderr.write(`\r\x1b[2K${line}${p.done === p.total ? '\n' : ''}`);
        } else {
          logger.info(p, line);
        }
      },
    },
  );
  for (const hint of hints) {
    logger.warn(hint);
  }
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return summary.status === 'ok' ? 0 : summary.status === 'cancelled' ? 143 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (
      err instanceof UsageError ||
      err instanceof InvalidEnrichmentConfig ||
      err instanceof ConfigError
    ) {
      process.stderr.write(`enrich: ${err.message}\n`);
      process.exitCode = 2;
    } else if (err instanceof RunInProgress) {
      process.stderr.write(`enrich: ${err.message}\n`);
      process.exitCode = 3;
    } else if (err instanceof DomainError) {
      process.stderr.write(`enrich: ${err.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(
        `enrich: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exitCode = 1;
    }
  },
);
