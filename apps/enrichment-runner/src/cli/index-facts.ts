import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  builtView,
  catalogPages,
  type IndexLocation,
  openCorpusIndex,
} from '@podcast/corpus-index';
import { type EpisodeFacts, factsOfCatalog } from '@podcast/enrichment';
import type { Logger } from 'pino';

/** How long a run waits for the corpus index's first build before it fails. */
const FIRST_BUILD_WAIT_MS = 60 * 60 * 1000;

/** Catalog episodes whose GI and KG files are read at a time. */
const FACTS_PAGE = 64;

/**
 * Reads a run's facts from the corpus index at `location`. The run takes
 * part in the index as any process does: it ingests only while no API holds
 * the lock (an unchanged corpus then costs a rescan), waits until the index
 * is built, reads the catalog a page at a time, and lets go of it.
 */
export function indexFactsReader(
  location: IndexLocation,
  logger: Logger,
): (corpusRoot: string) => Promise<EpisodeFacts[]> {
  return async (corpusRoot) => {
    if ('file' in location) {
      mkdirSync(dirname(location.file), { recursive: true });
    }
    // One ingest when it takes the lock, none after: the run reads what that ingest saw.
    const index = openCorpusIndex({
      ...location,
      root: corpusRoot,
      logger,
      watch: false,
      rescanMs: FIRST_BUILD_WAIT_MS,
    });
    try {
      const view = await builtView(index, FIRST_BUILD_WAIT_MS);
      return await factsOfCatalog(catalogPages(view.db, FACTS_PAGE), corpusRoot);
    } finally {
      await index.close();
    }
  };
}
