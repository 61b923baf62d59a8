import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '@podcast/corpus';
import { createScratch, memoryLogger, type Scratch } from '@podcast/testing';
import {
  findEpisodeBySlug,
  type IndexHandle,
  type IndexKysely,
  queryCatalogAfter,
} from '../src/index.js';
import { DIALECTS, type IndexTarget, indexTarget } from './index-fixture.js';

/*
 * Ties in the catalog order are broken by relpath compared bytewise, as JS
 * compares these strings. The names below sort otherwise under a
 * language's collation ('a_b' before 'a-b', 'a' before 'B'), which is what
 * the PostgreSQL test database is given: the order must come from the
 * index's own schema, not from the server's locale.
 */

const NAMES = ['B', 'a', 'a-b', 'a_b', 'a.b', 'ab', 'Ab', 'é', 'e', 'z', '_', '-'];
const DATES = ['2024-03-01', '2024-03-01', '', '2023-12-31'];

interface Row {
  metadata_relpath: string;
  slug: string;
  sort_date: string;
}

function rowsOf(): Row[] {
  return NAMES.flatMap((name) =>
    DATES.map((date, d) => ({
      metadata_relpath: `feeds/f/metadata/${name}-${d}.metadata.json`,
      // The rows of one date slot share a slug, so a slug lookup has ties to break too.
      slug: `slug-${d}`,
      sort_date: date,
    })),
  );
}

/** The catalog order as `compareEpisodes` makes it: newest first, undated last, relpath. */
function inJsOrder(rows: readonly Row[]): Row[] {
  return [...rows].sort(
    (a, b) =>
      (a.sort_date < b.sort_date ? 1 : a.sort_date > b.sort_date ? -1 : 0) ||
      (a.metadata_relpath < b.metadata_relpath
        ? -1
        : a.metadata_relpath > b.metadata_relpath
          ? 1
          : 0),
  );
}

async function insertRows(db: IndexKysely, rows: readonly Row[]): Promise<void> {
  await db
    .insertInto('episodes')
    .values(
      rows.map((row) => ({
        ...row,
        feed_id: 'f',
        episode_id: null,
        catalog_status: 'ready' as const,
        source_key: '',
        art_paths: '[]',
        record: JSON.stringify({
          metadata_relpath: row.metadata_relpath,
          publish_date: row.sort_date === '' ? null : row.sort_date,
        }),
      })),
    )
    .execute();
}

const scratch: Scratch = createScratch('corpus-index-order');
afterAll(() => scratch.remove());

describe.each(DIALECTS)('catalog ties on %s', (dialect) => {
  let target: IndexTarget;
  let index: IndexHandle;
  const rows = rowsOf();

  beforeAll(async () => {
    target = await indexTarget(dialect, `${scratch.dir}/order.sqlite`);
    index = await target.openWriter(memoryLogger().logger);
    await insertRows(index.db, rows);
  });
  afterAll(async () => {
    await index?.close();
    await target?.remove();
  });

  it('lists episodes of one date by relpath, bytewise, in one page and by keyset', async () => {
    const expected = inJsOrder(rows).map((row) => row.metadata_relpath);
    const whole = await queryCatalogAfter(index.db, {}, undefined, rows.length);
    expect(whole.map((episode) => episode.metadata_relpath)).toEqual(expected);
    const walked: EpisodeRecord[] = [];
    for (;;) {
      const [next] = await queryCatalogAfter(index.db, {}, walked.at(-1), 1);
      if (next === undefined) {
        break;
      }
      walked.push(next);
    }
    expect(walked.map((episode) => episode.metadata_relpath)).toEqual(expected);
  });

  it('resolves a shared slug to the first of its episodes in catalog order', async () => {
    for (const [d] of DATES.entries()) {
      const first = inJsOrder(rows.filter((row) => row.slug === `slug-${d}`))[0];
      const found = await findEpisodeBySlug(index.db, `slug-${d}`);
      expect(found?.metadata_relpath).toBe(first?.metadata_relpath);
    }
  });
});
