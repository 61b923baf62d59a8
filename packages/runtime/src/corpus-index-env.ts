import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseConfig } from './config.js';
import { DEFAULT_DATA_DIR } from './corpus-registry-env.js';

const POSTGRES_URL = 'expected a postgres:// or postgresql:// URL';

/**
 * The variables both APIs read for the shared corpus index
 * (docs/decisions/corpus-index.md): CORPUS_INDEX picks the store (the
 * SQLite index, or the in-memory projection); unset, the PostgreSQL index
 * when CORPUS_INDEX_URL is set, else the SQLite index.
 */
export const CorpusIndexEnvShape = {
  CORPUS_INDEX: z.enum(['projection', 'sqlite']).optional(),
  // The corpus index in PostgreSQL, shared by replicas on several machines.
  CORPUS_INDEX_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: POSTGRES_URL })
    .regex(/^postgres(ql)?:\/\//, POSTGRES_URL)
    .optional(),
};

type CorpusIndexEnv = z.output<z.ZodObject<typeof CorpusIndexEnvShape>> & {
  DATA_DIR: string;
  CORPUS_DIR: string;
};

/**
 * The index file of corpus `root` in `folder`: named after a hash of the
 * root, so every process on one DATA_DIR and one corpus opens the same file.
 */
export function indexFileIn(folder: string, root: string): string {
  const name = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return join(folder, `${name}.sqlite`);
}

/**
 * Where the APIs keep their corpus indexes under DATA_DIR: the shared one's
 * file, and the viewer's indexes of other roots even when the shared one is
 * in PostgreSQL.
 */
export function corpusIndexFolderOf(dataDir: string): string {
  return join(dataDir, 'corpus-index');
}

function corpusIndexFileOf(dataDir: string, corpusDir: string): string {
  return indexFileIn(corpusIndexFolderOf(dataDir), corpusDir);
}

/** The index settings of those variables, as the apps' configs hold them. */
export function corpusIndexConfigOf(env: CorpusIndexEnv): {
  /** The SQLite index file (the default), one per corpus root under DATA_DIR. */
  corpusIndexFile: string | undefined;
  /** The PostgreSQL index (CORPUS_INDEX_URL, CORPUS_INDEX unset). */
  corpusIndexUrl: string | undefined;
} {
  return {
    corpusIndexFile:
      env.CORPUS_INDEX === 'sqlite' ||
      (env.CORPUS_INDEX === undefined && env.CORPUS_INDEX_URL === undefined)
        ? corpusIndexFileOf(resolve(env.DATA_DIR), resolve(env.CORPUS_DIR))
        : undefined,
    corpusIndexUrl: env.CORPUS_INDEX === undefined ? env.CORPUS_INDEX_URL : undefined,
  };
}

const SharedIndexEnv = z.object({ ...CorpusIndexEnvShape, DATA_DIR: z.string().optional() });

/**
 * Where the APIs keep the corpus index of `corpusDir`, for a process that
 * reads it without serving (an enrichment run): named by `CORPUS_INDEX_URL`,
 * or by `DATA_DIR` as the APIs derive their file from it. Undefined when
 * neither is set, or with `CORPUS_INDEX=projection`; a malformed URL is a
 * `ConfigError` naming the variable, as for the apps.
 */
export function sharedCorpusIndexOf(
  env: Record<string, string | undefined>,
  corpusDir: string,
): { file: string } | { url: string } | undefined {
  const parsed = parseConfig(SharedIndexEnv, env);
  if (parsed.DATA_DIR === undefined && parsed.CORPUS_INDEX_URL === undefined) {
    return undefined;
  }
  const { corpusIndexFile, corpusIndexUrl } = corpusIndexConfigOf({
    ...parsed,
    DATA_DIR: parsed.DATA_DIR ?? DEFAULT_DATA_DIR,
    CORPUS_DIR: corpusDir,
  });
  if (corpusIndexUrl !== undefined) {
    return { url: corpusIndexUrl };
  }
  return corpusIndexFile === undefined ? undefined : { file: corpusIndexFile };
}
