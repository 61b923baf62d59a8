import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import {
  createDatabase,
  MIGRATIONS,
  migrateDownAll,
  migrateToLatest,
  runMigrations,
} from '../src/index.js';
import { type Backend, OPEN_TIMEOUT_MS, openTestPostgres } from './backends.js';

const ALL = Object.keys(MIGRATIONS).sort();
const TABLES = [
  'comms',
  'favorites',
  'feed_tokens',
  'highlights',
  'inbox',
  'interests',
  'library_changes',
  'library_subscriptions',
  'listen_events',
  'mcp_oauth_clients',
  'mcp_oauth_codes',
  'mcp_oauth_grants',
  'mcp_oauth_requests',
  'mcp_oauth_tokens',
  'notes',
  'opa_deletions',
  'opa_episodes',
  'opa_subscription_guids',
  'opa_subscriptions',
  'outbox',
  'playback_positions',
  'push_subscriptions',
  'queue_items',
  'sessions',
  'sync_accounts',
  'sync_app_passwords',
  'sync_devices',
  'sync_episode_actions',
  'sync_login_flows',
  'sync_sessions',
  'sync_subscriptions',
  'used_login_states',
  'users',
];

async function tableNames<DB>(db: Kysely<DB>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((table) => table.name).sort();
}

describe('migrations on PostgreSQL', () => {
  let target: Backend;

  beforeAll(async () => {
    target = await openTestPostgres({ migrate: false });
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await target.close();
  });

  it('creates every table on an empty database, in name order', async () => {
    expect(await tableNames(target.db)).toEqual([]);
    expect(await migrateToLatest(target.db)).toEqual(ALL);
    expect(await tableNames(target.db)).toEqual(TABLES);
  });

  it('applies nothing when the schema is already current', async () => {
    expect(await migrateToLatest(target.db)).toEqual([]);
  });

  it('reverts every migration newest first, then applies them all again', async () => {
    expect(await migrateDownAll(target.db)).toEqual([...ALL].reverse());
    expect(await tableNames(target.db)).toEqual([]);
    expect(await migrateToLatest(target.db)).toEqual(ALL);
    expect(await tableNames(target.db)).toEqual(TABLES);
  });
});

describe('migrations on embedded PGlite', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'podcast-db-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates a missing data directory and keeps the schema across restarts', async () => {
    const pgliteDir = join(root, 'nested', 'data');
    const lines: string[] = [];
    expect(await runMigrations({ pgliteDir }, (line) => lines.push(line))).toEqual(ALL);
    expect(lines).toEqual([
      ...ALL.map((name) => `applied ${name}`),
      `pglite: ${ALL.length} applied`,
    ]);
    expect((await stat(pgliteDir)).isDirectory()).toBe(true);

    const reopened = await createDatabase({ pgliteDir });
    try {
      expect(reopened.kind).toBe('pglite');
      expect(await migrateToLatest(reopened.db)).toEqual([]);
      expect(await tableNames(reopened.db)).toEqual(TABLES);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
