import { parseArgs } from 'node:util';
import { createCorpusRegistry } from '@podcast/corpus';
import { openConfiguredCorpusIndex } from '@podcast/corpus-index';
import { createDatabase, migrateToLatest } from '@podcast/db';
import { tickAt } from '@podcast/notifications';
import { createLogger, runMain } from '@podcast/runtime';
import { loadConsumerConfig } from './env.js';
import { schedulerContentOf } from './scheduler-content.js';

/**
 * `pnpm --filter @podcast/consumer-api scheduler:tick --at <ISO>`: runs one
 * scheduler tick for the given instant (default now) against DATABASE_URL
 * and CORPUS_DIR, and prints its counts as one JSON line. It reads the
 * corpus index the APIs share when one is configured (building it first
 * when no API holds the ingest lock), else loads the corpus.
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
  const index = openConfiguredCorpusIndex(config, logger);
  try {
    await migrateToLatest(database.db);
    const content = schedulerContentOf(corpus, config.corpusDir, index);
    const result = await tickAt({ db: database.db, content, logger, now: () => new Date() }, at);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await index?.close();
    corpus.close();
    await database.close();
  }
});
