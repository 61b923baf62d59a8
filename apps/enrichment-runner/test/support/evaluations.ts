import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Records evaluations of `enricher` in the corpus at `corpusDir`, one JSON file
 * each under enrichments/evaluations/<enricher>/: what gates an enricher such
 * as topic_consensus (it runs once a recorded precision passes).
 */
export function writeEvaluations(
  corpusDir: string,
  enricher: string,
  evaluations: Record<string, object>,
): void {
  const dir = join(corpusDir, 'enrichments', 'evaluations', enricher);
  mkdirSync(dir, { recursive: true });
  for (const [file, evaluation] of Object.entries(evaluations)) {
    writeFileSync(join(dir, file), JSON.stringify(evaluation));
  }
}
