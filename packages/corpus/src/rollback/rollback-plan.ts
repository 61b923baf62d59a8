import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { metadataStem } from '../readers/metadata.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';

export type RollbackScope = 'run' | 'episode';

export interface RollbackEpisode {
  episode_id: string | null;
  slug: string;
  title: string;
  metadata_relpath: string;
}

/**
 * What a rollback plan reads of the catalog: the snapshot
 * (`rollbackCorpusOfSnapshot`) or the corpus index. The files themselves are
 * listed from the disk either way.
 */
export interface RollbackCorpus {
  root: string;
  /** The catalog episodes whose metadata lies below one of `dirs` (root-relative folders). */
  episodesUnder(dirs: readonly string[]): Promise<RollbackEpisode[]>;
  /**
   * The catalog episode `episodeId` and the metadata file of every copy of
   * it (its own first, then those that lost run deduplication), or
   * undefined when the catalog has no such episode.
   */
  episodeWithCopies(
    episodeId: string,
  ): Promise<{ episode: RollbackEpisode; copies: readonly string[] } | undefined>;
}

/** What a rollback moves to the trash, worked out before anything moves. */
export interface RollbackPlan {
  scope: RollbackScope;
  id: string;
  /** Root-relative paths moved as units: a whole run folder, or each file of an episode. */
  moves: string[];
  /** Every file those moves take along, sorted (what a dry run lists). */
  files: string[];
  /** The catalog episodes that leave with them. */
  episodes: RollbackEpisode[];
}

const posix = (...parts: string[]) => parts.filter((p) => p !== '' && p !== '.').join('/');

async function entriesOf(root: string, relpath: string): Promise<Dirent[]> {
  return readdir(path.join(root, relpath), { withFileTypes: true }).catch(() => []);
}

/** Files (and links) below `relpath`, recursively, without following links. */
async function filesBelow(root: string, relpath: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await entriesOf(root, relpath)) {
    const child = posix(relpath, entry.name);
    if (entry.isDirectory()) {
      files.push(...(await filesBelow(root, child)));
    } else {
      files.push(child);
    }
  }
  return files;
}

export function rollbackEpisode(episode: EpisodeRecord): RollbackEpisode {
  return {
    episode_id: episode.episode_id,
    slug: episode.slug,
    title: episode.title,
    metadata_relpath: episode.metadata_relpath,
  };
}

/** The snapshot as a rollback plan reads it. */
export function rollbackCorpusOfSnapshot(snapshot: CorpusSnapshot): RollbackCorpus {
  return {
    root: snapshot.root,
    episodesUnder: async (dirs) =>
      snapshot.episodes
        .filter((e) => dirs.some((dir) => e.metadata_relpath.startsWith(`${dir}/`)))
        .map(rollbackEpisode),
    episodeWithCopies: async (episodeId) => {
      const episode = snapshot.findEpisodeById(episodeId);
      return episode === undefined
        ? undefined
        : { episode: rollbackEpisode(episode), copies: snapshot.copiesOf(episode) };
    },
  };
}

/**
 * The run folders `feeds/<feed>/run_<runId>` of the corpus's root (a
 * real folder, not a link), their files, and the catalog episodes whose
 * metadata lies in them. Undefined when no feed holds such a run.
 */
export async function planRunRollback(
  corpus: RollbackCorpus,
  runId: string,
): Promise<RollbackPlan | undefined> {
  const moves: string[] = [];
  for (const feed of await entriesOf(corpus.root, 'feeds')) {
    if (!feed.isDirectory() || feed.name.startsWith('.')) {
      continue;
    }
    const runs = await entriesOf(corpus.root, posix('feeds', feed.name));
    if (runs.some((run) => run.isDirectory() && run.name === `run_${runId}`)) {
      moves.push(posix('feeds', feed.name, `run_${runId}`));
    }
  }
  if (moves.length === 0) {
    return undefined;
  }
  const files = (await Promise.all(moves.map((dir) => filesBelow(corpus.root, dir)))).flat();
  const episodes = await corpus.episodesUnder(moves);
  return { scope: 'run', id: runId, moves: moves.sort(), files: files.sort(), episodes };
}

const NUMBERED_STEM = /^\d{4} - /;

/**
 * The name prefix of one episode's files: production stems start `NNNN - `
 * and the episode's transcripts, media and enrichments share that prefix
 * (spec 04 §1.1); other stems match `<stem>.`.
 */
export function episodeFilePrefix(stem: string): string {
  const numbered = NUMBERED_STEM.exec(stem);
  return numbered ? numbered[0] : `${stem}.`;
}

/** One copy's files: its metadata folder and enrichments, and its run's transcripts and media. */
async function copyFiles(root: string, metadataRelpath: string): Promise<string[]> {
  const metadataDir = path.posix.dirname(metadataRelpath);
  const runDir = metadataDir === '.' ? '' : path.posix.dirname(metadataDir);
  const prefix = episodeFilePrefix(metadataStem(path.posix.basename(metadataRelpath)));
  const dirs = [
    metadataDir,
    posix(metadataDir, 'enrichments'),
    posix(runDir, 'transcripts'),
    posix(runDir, 'media'),
  ];
  const files: string[] = [];
  for (const dir of dirs) {
    for (const entry of await entriesOf(root, dir)) {
      if (!entry.isDirectory() && entry.name.startsWith(prefix)) {
        files.push(posix(dir, entry.name));
      }
    }
  }
  return files;
}

/**
 * Every file of the catalog episode `episodeId`, in each run that holds a
 * copy of it (so an older run's copy cannot take its place). Undefined when
 * the catalog has no such episode.
 */
export async function planEpisodeRollback(
  corpus: RollbackCorpus,
  episodeId: string,
): Promise<RollbackPlan | undefined> {
  const found = await corpus.episodeWithCopies(episodeId);
  if (found === undefined) {
    return undefined;
  }
  const files = [
    ...new Set((await Promise.all(found.copies.map((c) => copyFiles(corpus.root, c)))).flat()),
  ];
  files.sort();
  return {
    scope: 'episode',
    id: episodeId,
    moves: files,
    files,
    episodes: [found.episode],
  };
}
