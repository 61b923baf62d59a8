import { parseLayerText } from '../readers/episode-layers.js';
import type { ArtifactKind } from '../readers/metadata.js';
import { parseSegmentsFile, type SegmentsFile } from '../readers/segments.js';
import {
  type CacheStats,
  createFileCache,
  type FileCache,
  type JsonText,
  parseJsonText,
} from './file-cache.js';
import { countQueriesByDay } from './query-log.js';
import { type ParsedSideFile, parseSideFile } from './side-file-text.js';
import { createSnapshotLists, type SnapshotLists } from './snapshot-lists.js';

/**
 * Every cache of parsed corpus side files, owned by one registry (never a
 * module): bounded, cleared with `clearCorpusCaches`, and counted by
 * `corpusCacheStats` for the debug route and the periodic log line.
 */
export interface CorpusCaches {
  /** search/topic_clusters.json and enrichments/topic_theme_clusters.json. */
  sideFiles: FileCache<ParsedSideFile>;
  /** Transcript segments the player asks for again and again. */
  segments: FileCache<SegmentsFile>;
  /** Root documents and enrichment envelopes, shown as stored. */
  documents: FileCache<JsonText>;
  /** GI, KG and bridge files normalised, for routes that answer from the corpus index. */
  layers: Readonly<Record<ArtifactKind, FileCache<object | null>>>;
  /** search/query_log.jsonl, reduced to per-day counts. */
  queryLogs: FileCache<Map<string, number>>;
  /** Every run.json of the runs summary. */
  runFiles: FileCache<JsonText>;
  /** The run.json paths found by one walk of each snapshot. */
  runFileLists: SnapshotLists;
}

/** A corpus root and the caches its readers go through; every snapshot is one. */
export interface CorpusPlace {
  readonly root: string;
  readonly caches: CorpusCaches;
}

const MB = 1024 * 1024;

/**
 * The bounds, in entries and in bytes of the files on disk. A long
 * episode's segments run to a few hundred KB, a query log to megabytes;
 * run.json files are small but one per run, thousands in a large corpus.
 */
export function createCorpusCaches(): CorpusCaches {
  return {
    sideFiles: createFileCache(parseSideFile, {
      name: 'side_files',
      maxEntries: 64,
      maxBytes: 64 * MB,
    }),
    segments: createFileCache(parseSegmentsFile, {
      name: 'segments',
      maxEntries: 128,
      maxBytes: 64 * MB,
    }),
    documents: createFileCache(parseJsonText, {
      name: 'documents',
      maxEntries: 2000,
      maxBytes: 32 * MB,
    }),
    layers: {
      gi: createFileCache(parseLayerText('gi'), {
        name: 'gi_layers',
        maxEntries: 256,
        maxBytes: 64 * MB,
      }),
      kg: createFileCache(parseLayerText('kg'), {
        name: 'kg_layers',
        maxEntries: 256,
        maxBytes: 32 * MB,
      }),
      bridge: createFileCache(parseLayerText('bridge'), {
        name: 'bridge_layers',
        maxEntries: 256,
        maxBytes: 16 * MB,
      }),
    },
    queryLogs: createFileCache(countQueriesByDay, {
      name: 'query_logs',
      maxEntries: 16,
      maxBytes: 256 * MB,
    }),
    runFiles: createFileCache(parseJsonText, {
      name: 'run_files',
      maxEntries: 5000,
      maxBytes: 32 * MB,
    }),
    runFileLists: createSnapshotLists({ name: 'run_file_lists', maxEntries: 8 }),
  };
}

const ALL = (caches: CorpusCaches) => [
  caches.sideFiles,
  caches.segments,
  caches.documents,
  caches.layers.gi,
  caches.layers.kg,
  caches.layers.bridge,
  caches.queryLogs,
  caches.runFiles,
  caches.runFileLists,
];

export function corpusCacheStats(caches: CorpusCaches): CacheStats[] {
  return ALL(caches).map((cache) => cache.stats());
}

export function clearCorpusCaches(caches: CorpusCaches): void {
  for (const cache of ALL(caches)) {
    cache.clear();
  }
}
