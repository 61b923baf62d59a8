import { createDatabase, type DatabaseOptions } from './connect.js';
import { migrateToLatest } from './migrate.js';

/** Where the migrate command points: DATABASE_URL wins, as it does for the apps. */
export function migrateTarget(env: Readonly<Record<string, string | undefined>>): DatabaseOptions {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL };
  }
  if (env.PGLITE_DIR) {
    return { pgliteDir: env.PGLITE_DIR };
  }
  throw new Error('set DATABASE_URL (PostgreSQL) or PGLITE_DIR (embedded database directory)');
}

/** Applies pending migrations and reports each one through `print`; returns their names. */
export async function runMigrations(
  options: DatabaseOptions,
  print: (line: string) => void,
): Promise<string[]> {
  const { db, kind, close } = await createDatabase(options);
  try {
    const applied = await migrateToLatest(db);
    for (const name of applied) {
      print(`applied ${name}`);
    }
    print(
      applied.length === 0 ? `${kind}: already up to date` : `${kind}: ${applied.length} applied`,
    );
    return applied;
  } finally {
    await close();
  }
}

/** Brings the PostgreSQL database at `url` to the latest migration, quietly. */
export async function migrateDatabaseAt(url: string): Promise<void> {
  await runMigrations({ url }, () => {});
}
