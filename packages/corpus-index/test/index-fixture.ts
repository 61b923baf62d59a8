import { type CorpusRegistry, type CorpusSnapshot, createCorpusRegistry } from '@podcast/corpus';
import type { Logger } from 'pino';
import { type IndexConnection, ingestCorpus, openIndexWriter } from '../src/index.js';

/** The answers of today's code: the snapshot of packages/corpus's registry. */
export async function loadSnapshot(
  root: string,
  logger: Logger,
): Promise<{ registry: CorpusRegistry; snapshot: CorpusSnapshot }> {
  const registry = createCorpusRegistry({ logger, watch: false });
  return { registry, snapshot: await registry.get(root) };
}

/** An index of `root` in `file`, ingested once. */
export async function buildIndex(
  file: string,
  root: string,
  logger: Logger,
): Promise<IndexConnection> {
  const connection = await openIndexWriter(file, logger);
  await ingestCorpus({ db: connection.db, root, logger });
  return connection;
}
