import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generatedCorporaDirOf, testRunId } from './test-run.js';

/**
 * Writes at `out` a copy of the corpus `generate` writes, generated once per
 * test run under `key` and copied after: a 1,000-episode corpus costs seconds
 * of CPU to generate and a fraction of that to copy. The generator is passed
 * in, as the generator package's own tests depend on this one.
 */
export async function copyOfGenerated(
  key: string,
  generate: (out: string) => Promise<unknown>,
  out: string,
): Promise<string> {
  if (!/^[a-z0-9-]+$/.test(key)) {
    throw new Error(`not a generated-corpus key: ${key}`);
  }
  const root = generatedCorporaDirOf(testRunId());
  const cached = join(root, key);
  if (!existsSync(cached)) {
    mkdirSync(root, { recursive: true });
    const building = mkdtempSync(join(root, `${key}.building-`));
    try {
      await generate(building);
      // Renamed only once whole; a worker that lost the race keeps the winner's copy.
      renameSync(building, cached);
    } catch (error) {
      if (!existsSync(cached)) {
        throw error;
      }
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  }
  cpSync(cached, out, { recursive: true, preserveTimestamps: true });
  return out;
}
