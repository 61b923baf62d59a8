import {
  CAPTURE_LIMITS,
  type CaptureBackup,
  type CaptureImportResult,
  DomainError,
} from '@podcast/contracts';
import { importCaptureRows, listHighlights, listNotes } from '@podcast/db';
import type { UserStateDeps } from '../deps.js';

/**
 * The JSON backup: every highlight and note of the user, those of episodes
 * the corpus no longer has included (a backup loses nothing).
 */
export async function exportUserCapture(
  deps: UserStateDeps,
  userId: string,
): Promise<CaptureBackup> {
  const [highlights, notes] = await Promise.all([
    listHighlights(deps.db, userId),
    listNotes(deps.db, userId),
  ]);
  return {
    format: 'podcast-capture',
    version: 1,
    exported_at: deps.now().toISOString(),
    highlights: highlights.map(({ user_id: _u, transcript_hash: _h, ...row }) => row),
    notes: notes.map(({ user_id: _u, ...row }) => row),
  };
}

/**
 * Takes a backup back. Rows whose id the user already has stay as they are,
 * so the same file imported twice (or twice at once) adds nothing the second
 * time. A note on a highlight must name a highlight of the file or of the
 * user (400 naming it). The caps hold on the total: past one, nothing is added.
 * Imported spans and moments are anchored again on first listing.
 */
export async function importUserCapture(
  deps: UserStateDeps,
  userId: string,
  backup: CaptureBackup,
): Promise<CaptureImportResult> {
  const known = new Set(backup.highlights.map((h) => h.id));
  const stored = new Set((await listHighlights(deps.db, userId)).map((h) => h.id));
  backup.notes.forEach((note, i) => {
    if (note.target === 'highlight' && !known.has(note.target_id) && !stored.has(note.target_id)) {
      throw new DomainError(
        'invalid',
        `notes.${i}.target_id: no highlight ${note.target_id} in the file or the account`,
      );
    }
  });
  const added = await importCaptureRows(
    deps.db,
    userId,
    {
      highlights: backup.highlights.map((h) => ({ ...h, transcript_hash: null })),
      notes: backup.notes,
    },
    { highlights: CAPTURE_LIMITS.highlightsPerUser, notes: CAPTURE_LIMITS.notesPerUser },
    deps.now(),
  );
  return {
    highlights: {
      added: added.highlights,
      already_present: backup.highlights.length - added.highlights,
    },
    notes: { added: added.notes, already_present: backup.notes.length - added.notes },
  };
}
