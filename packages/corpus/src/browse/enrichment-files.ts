import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DomainError, NotFound } from '@podcast/contracts';
import type { CorpusPlace } from '../caches/corpus-caches.js';
import { readJsonCached, readRootJsonObject, resolveRootFile } from '../caches/corpus-documents.js';
import type { UnknownRecord } from '../readers/lenient-values.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import {
  type EnrichmentListItem,
  enrichmentListItem,
  isEnrichmentEnvelope,
  latestRunEnrichers,
  RUN_SUMMARY_FILE,
  sortEnrichmentItems,
} from './enrichment-listing.js';

const ENRICHMENTS_DIR = 'enrichments';

async function envelopeNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  // Dirent.isFile() is false for symlinks, so a planted link is never listed.
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json') && e.name !== RUN_SUMMARY_FILE)
    .map((e) => e.name);
}

/** Corpus-scope envelopes under `enrichments/`; unreadable files and non-envelopes are left out. */
export async function listCorpusEnrichments(place: CorpusPlace): Promise<EnrichmentListItem[]> {
  const dir = await resolveRootFile(place.root, ENRICHMENTS_DIR).catch((err: unknown) => {
    if (err instanceof DomainError && err.kind === 'not_found') {
      return undefined;
    }
    throw err;
  });
  if (dir === undefined) {
    return [];
  }
  const summary = await readJsonCached(place, path.join(dir, RUN_SUMMARY_FILE));
  const latest = latestRunEnrichers(summary?.value.ok ? summary.value.value : undefined);
  const items: EnrichmentListItem[] = [];
  for (const name of await envelopeNames(dir)) {
    const read = await readJsonCached(place, path.join(dir, name));
    if (read?.value.ok) {
      const source = {
        file: `${ENRICHMENTS_DIR}/${name}`,
        size: read.size,
        document: read.value.value,
      };
      const item = enrichmentListItem(source, latest);
      if (item !== undefined) {
        items.push(item);
      }
    }
  }
  return sortEnrichmentItems(items);
}

function requireEnvelope(document: UnknownRecord, label: string): UnknownRecord {
  if (!isEnrichmentEnvelope(document)) {
    throw new NotFound(`${label} is not an enricher envelope`);
  }
  return document;
}

/** The full envelope `enrichments/<id>.json`; `enricherId` is already validated. */
export async function readCorpusEnrichment(place: CorpusPlace, enricherId: string) {
  const label = `${ENRICHMENTS_DIR}/${enricherId}.json`;
  return requireEnvelope(await readRootJsonObject(place, label), label);
}

/** `metadata/enrichments/<stem>.<id>.json` beside the episode's metadata file (spec 04 §2.4). */
export function episodeEnrichmentRelpath(
  episode: Pick<EpisodeRecord, 'metadata_relpath' | 'stem'>,
  enricherId: string,
): string {
  const dir = path.posix.dirname(episode.metadata_relpath);
  return path.posix.join(dir, ENRICHMENTS_DIR, `${episode.stem}.${enricherId}.json`);
}

/** The envelope of one episode's enricher; NotFound when the episode has none. */
export async function readEpisodeEnrichment(
  place: CorpusPlace,
  episode: Pick<EpisodeRecord, 'metadata_relpath' | 'stem'>,
  enricherId: string,
): Promise<UnknownRecord> {
  const relpath = episodeEnrichmentRelpath(episode, enricherId);
  const missing = `no ${enricherId} enrichment for this episode (${relpath})`;
  return requireEnvelope(await readRootJsonObject(place, relpath, missing), relpath);
}
