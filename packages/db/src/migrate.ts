import { type Kysely, type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely';
import { migrationProvider } from './migrations/index.js';

function createMigrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: migrationProvider });
}

/** Names of the migrations that ran successfully, in the order they ran. */
function appliedNames(resultSet: MigrationResultSet, action: string): string[] {
  const { error, results = [] } = resultSet;
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const where = failed ? `migration ${failed.migrationName}` : 'the migrator';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database ${action} failed in ${where}: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((r) => r.migrationName);
}

/**
 * Brings the schema up to the newest migration. Returns the names it applied
 * (empty when already current); throws naming the failing migration otherwise.
 * Kysely takes an advisory lock, so two processes starting together are safe.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return appliedNames(await createMigrator(db).migrateToLatest(), 'migration');
}

/** Undoes every migration (tests and local resets); returns the names it reverted. */
export async function migrateDownAll<DB>(db: Kysely<DB>): Promise<string[]> {
  return appliedNames(await createMigrator(db).migrateTo(NO_MIGRATIONS), 'rollback');
}
