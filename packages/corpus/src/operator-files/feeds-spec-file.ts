import type { FeedEntry, FeedEntryInput } from '@podcast/contracts';
import { withFileLock, writeFileAtomic } from '@podcast/runtime';
import { type RootFile, readRootFile } from './confined-file.js';
import {
  dedupeFeeds,
  FEEDS_SPEC_FILE_NAMES,
  feedsSpecFormatOf,
  parseFeedsSpec,
  serialiseFeedsSpec,
  toStoredEntry,
} from './feeds-spec.js';

export interface FeedsSpecView {
  /** File name relative to the root; the default spelling when none exists yet. */
  file: string;
  exists: boolean;
  feeds: FeedEntry[];
}

interface FoundSpec extends RootFile {
  file: string;
}

/** The first existing spelling of the feeds spec under `root`, else the default one. */
async function findFeedsSpec(root: string): Promise<FoundSpec> {
  for (const file of FEEDS_SPEC_FILE_NAMES) {
    const found = await readRootFile(root, file, 'feeds_spec');
    if (found.text !== undefined) {
      return { ...found, file };
    }
  }
  const file = FEEDS_SPEC_FILE_NAMES[0] as string;
  return { ...(await readRootFile(root, file, 'feeds_spec')), file };
}

/**
 * Reads and validates the feeds spec of a corpus. A missing file is an empty
 * list; an invalid one throws `InvalidFeedsSpec` (422) naming the problem.
 */
export async function readFeedsSpec(root: string): Promise<FeedsSpecView> {
  const found = await findFeedsSpec(root);
  if (found.text === undefined) {
    return { file: found.file, exists: false, feeds: [] };
  }
  const feeds = parseFeedsSpec(found.text, found.file).map(toStoredEntry);
  return { file: found.file, exists: true, feeds };
}

/**
 * Replaces the feed list (deduplicated) in the existing spelling of the spec,
 * or in `feeds.spec.yaml`, atomically. Comments and `_` keys survive.
 */
export async function writeFeedsSpec(
  root: string,
  entries: readonly FeedEntryInput[],
): Promise<FeedsSpecView> {
  const first = await findFeedsSpec(root);
  return withFileLock(first.path, async () => {
    const found = await findFeedsSpec(root);
    const unique = dedupeFeeds(entries);
    const text = serialiseFeedsSpec(found.text, unique, feedsSpecFormatOf(found.file));
    await writeFileAtomic(found.path, text);
    return { file: found.file, exists: true, feeds: unique.map(toStoredEntry) };
  });
}
