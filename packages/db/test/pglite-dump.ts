import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { type Database, migrateToLatest } from '../src/index.js';
import { PgliteDialect } from '../src/pglite-dialect.js';

const MIGRATIONS = new URL('../src/migrations/', import.meta.url);

/**
 * A dump of an in-memory PGlite at the latest migration, made once per set of
 * migrations and PGlite build and kept in the temp folder: loading it costs
 * well under half the CPU of initdb plus migrating, which every suite paid.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const hash = createHash('sha256').update(import.meta.resolve('@electric-sql/pglite'));
  for (const name of (await readdir(MIGRATIONS)).sort()) {
    hash.update(name).update(await readFile(new URL(name, MIGRATIONS)));
  }
  const file = join(tmpdir(), `podcast-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached !== undefined) {
    return new Blob([cached]);
  }
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    // Written aside and renamed, so a worker racing this one never reads half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await db.destroy();
  }
}
