import type { Kysely } from 'kysely';

// The sign-in provider's email_verified, stored at each login. Rows from before
// it start false: what the provider said then was not kept, and an address is
// only mailed once a login has shown it verified (docs/decisions/accounts.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified').execute();
}
