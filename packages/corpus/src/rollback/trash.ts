import { lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { succeedsUnless, writeFileAtomic } from '@podcast/runtime';
import type { RollbackPlan, RollbackScope } from './rollback-plan.js';

/**
 * The rollback trash (spec 04 §1: `.trash/<YYYYMMDDTHHMMSSZ>/…`, relative
 * paths kept). Each entry holds `rollback.json`, the journal written before
 * the first move, so an interrupted rollback or restore can always be
 * finished: every file is either in place or in the trash, never lost,
 * because each move is one rename on the same filesystem.
 */

export const TRASH_DIR = '.trash';
export const JOURNAL_FILE = 'rollback.json';
export const TRASH_ID = /^\d{8}T\d{6}Z(?:-\d{1,4})?$/;

export interface TrashJournal {
  schema: 1;
  id: string;
  scope: RollbackScope;
  target_id: string;
  created_at: string;
  /** Root-relative paths moved as units (run folders or files). */
  moves: string[];
  episodes: RollbackPlan['episodes'];
}

export interface TrashEntry {
  id: string;
  scope: RollbackScope;
  target_id: string;
  created_at: string;
  moves: number;
  /** Moves whose path is still in the trash. */
  in_trash: number;
  episodes: RollbackPlan['episodes'];
}

const stampOf = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

/** A fresh entry folder: the stamp, or the stamp with `-2`, `-3`… when taken this second. */
async function makeEntry(root: string, now: Date): Promise<{ id: string; dir: string }> {
  await mkdir(path.join(root, TRASH_DIR), { recursive: true });
  const stamp = stampOf(now);
  for (let n = 1; ; n++) {
    const id = n === 1 ? stamp : `${stamp}-${n}`;
    const dir = path.join(root, TRASH_DIR, id);
    try {
      await mkdir(dir);
      return { id, dir };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 9999) {
        throw err;
      }
    }
  }
}

/** Moves `from` to `to` (same filesystem); false when `from` is gone. */
async function moveOne(from: string, to: string): Promise<boolean> {
  await mkdir(path.dirname(to), { recursive: true });
  return succeedsUnless('ENOENT', () => rename(from, to));
}

/** Writes the journal, then moves each planned path into a new trash entry. */
export async function moveToTrash(root: string, plan: RollbackPlan, now: Date) {
  const { id, dir } = await makeEntry(root, now);
  const journal: TrashJournal = {
    schema: 1,
    id,
    scope: plan.scope,
    target_id: plan.id,
    created_at: now.toISOString(),
    moves: plan.moves,
    episodes: plan.episodes,
  };
  await writeFileAtomic(path.join(dir, JOURNAL_FILE), `${JSON.stringify(journal, null, 2)}\n`);
  const removed: string[] = [];
  for (const relpath of plan.moves) {
    if (await moveOne(path.join(root, relpath), path.join(dir, relpath))) {
      removed.push(relpath);
    }
  }
  return { trashId: id, removed };
}

function isJournal(value: unknown): value is TrashJournal {
  const v = value as Partial<TrashJournal> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.scope === 'run' || v.scope === 'episode') &&
    typeof v.target_id === 'string' &&
    Array.isArray(v.moves) &&
    v.moves.every((m) => typeof m === 'string' && isSafeRelpath(m))
  );
}

/** A journal path must stay below its folders: no absolute path, no `..`, no empty segment. */
function isSafeRelpath(relpath: string): boolean {
  return (
    relpath !== '' &&
    !relpath.startsWith('/') &&
    relpath.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
  );
}

async function readJournal(root: string, id: string): Promise<TrashJournal | undefined> {
  if (!TRASH_ID.test(id)) {
    return undefined;
  }
  // A planted link in place of the entry would restore files from elsewhere.
  const entry = await lstat(path.join(root, TRASH_DIR, id)).catch(() => undefined);
  if (entry === undefined || !entry.isDirectory()) {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(
      await readFile(path.join(root, TRASH_DIR, id, JOURNAL_FILE), 'utf8'),
    );
    return isJournal(parsed)
      ? { ...parsed, id, episodes: Array.isArray(parsed.episodes) ? parsed.episodes : [] }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The trash entries with a readable journal, newest first. */
export async function listTrash(root: string): Promise<TrashEntry[]> {
  const names = await readdir(path.join(root, TRASH_DIR)).catch(() => [] as string[]);
  const entries: TrashEntry[] = [];
  for (const id of names.filter((name) => TRASH_ID.test(name))) {
    const journal = await readJournal(root, id);
    if (journal !== undefined) {
      const inTrash = await Promise.all(
        journal.moves.map((m) => exists(path.join(root, TRASH_DIR, id, m))),
      );
      entries.push({
        id,
        scope: journal.scope,
        target_id: journal.target_id,
        created_at: journal.created_at,
        moves: journal.moves.length,
        in_trash: inTrash.filter(Boolean).length,
        episodes: journal.episodes,
      });
    }
  }
  return entries.sort((a, b) => (a.id < b.id ? 1 : -1));
}

export interface RestoreOutcome {
  restored: string[];
  /** Paths whose original place is taken again: left in the trash. */
  conflicts: string[];
  /** True when the entry was emptied and removed. */
  emptied: boolean;
}

/**
 * Moves an entry's paths back where they were. A path whose place is taken
 * again stays in the trash and is reported; an entry left with nothing to
 * restore is removed. Undefined for an unknown entry.
 */
export async function restoreFromTrash(
  root: string,
  id: string,
): Promise<RestoreOutcome | undefined> {
  const journal = await readJournal(root, id);
  if (journal === undefined) {
    return undefined;
  }
  const dir = path.join(root, TRASH_DIR, id);
  const restored: string[] = [];
  const conflicts: string[] = [];
  for (const relpath of journal.moves) {
    const from = path.join(dir, relpath);
    if (!(await exists(from))) {
      continue;
    }
    if (await exists(path.join(root, relpath))) {
      conflicts.push(relpath);
    } else if (await moveOne(from, path.join(root, relpath))) {
      restored.push(relpath);
    }
  }
  const emptied = conflicts.length === 0;
  if (emptied) {
    await rm(dir, { recursive: true, force: true });
  }
  return { restored, conflicts, emptied };
}
