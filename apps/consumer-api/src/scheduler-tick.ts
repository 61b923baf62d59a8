import { parseArgs } from 'node:util';
import { createCorpusRegistry } from '@podcast/corpus';
import { createDatabase, migrateToLatest } from '@podcast/db';
import { tickAt } from '@podcast/notifications';
import { createLogger, runMain } from '@podcast/runtime';
import { loadConsumerConfig } from './env.js';

/**
 * `pnpm --filter @podcast/consumer-api scheduler:tick --at <ISO>`: runs one
 * scheduler tick for the given instant (default now) against DATABASE_URL
 * and CORPUS_DIR, and prints its counts as one JSON line.
 */
runMain(async () => {
  const { values } = parseArgs({ options: { at: { type: 'string' } } });
  const at = values.at === undefined ? new Date() : new Date(values.at);
  if (Number.isNaN(at.getTime())) {
    throw new Error(
      `--at: expected an ISO timestamp such as 2026-11-22T08:00:00Z, got ${values.at}`,
    );
  }
  const config = loadConsumerConfig();
  const logger = createLogger(config.logLevel, 'scheduler-tick');
  const database = await createDatabase(config.database, logger);
  const corpus = createCorpusRegistry({ logger, watch: false, refreshIntervalMs: 60_000 });
  try {
    await migrateToLatest(database.db);
    const result = await tickAt(
      { db: database.db, corpus, corpusDir: config.corpusDir, logger, now: () => new Date() },
      at,
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    corpus.close();
    await database.close();
  }
});
