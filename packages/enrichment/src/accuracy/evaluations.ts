import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Recorded evaluations of an enricher's accuracy: JSON files under
 * `<corpus>/enrichments/evaluations/<enricher_id>/`, each
 * `{enricher_id, precision, evaluated_at, recall?, sample_size?,
 * enricher_version?, provider_type?, notes?, recorded_by?}`, written by
 * recordEvaluation (or by hand). The newest (by evaluated_at) decides the
 * accuracy gate.
 */
export interface Evaluation {
  enricher_id: string;
  precision: number;
  evaluated_at: string;
  recall?: number;
  sample_size?: number;
  enricher_version?: string;
  provider_type?: string;
  notes?: string;
  recorded_by?: string;
  file: string;
}

export function evaluationsDir(corpusRoot: string): string {
  return join(corpusRoot, 'enrichments', 'evaluations');
}

/** Every readable evaluation of one enricher, newest first; unreadable files are skipped. */
export async function readEvaluations(evalRoot: string, enricherId: string): Promise<Evaluation[]> {
  if (!/^[A-Za-z0-9_]+$/.test(enricherId)) {
    return [];
  }
  const dir = join(evalRoot, enricherId);
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: Evaluation[] = [];
  for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
    try {
      const value = JSON.parse(await readFile(join(dir, name), 'utf8')) as Partial<Evaluation>;
      if (
        typeof value.precision === 'number' &&
        value.precision >= 0 &&
        value.precision <= 1 &&
        typeof value.evaluated_at === 'string' &&
        Number.isFinite(Date.parse(value.evaluated_at))
      ) {
        found.push({ ...value, enricher_id: enricherId, file: name } as Evaluation);
      }
    } catch {
      // an unreadable evaluation does not count
    }
  }
  return found.sort((a, b) => Date.parse(b.evaluated_at) - Date.parse(a.evaluated_at));
}
