import { migrateTarget, runMigrations } from './migrate-command.js';

// Entry point of `pnpm migrate`: one line per applied migration, one line on failure.
try {
  await runMigrations(migrateTarget(process.env), (line) => console.log(line));
} catch (error) {
  console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
