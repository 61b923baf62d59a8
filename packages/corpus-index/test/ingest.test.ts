import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { episodeListFromSnapshot, graphIndexOf, perspectiveLeaders } from '@podcast/corpus';
import { ageTree, copySampleCorpus, memoryLogger, type SampleCorpusCopy } from '@podcast/testing';
import {
  episodeDetailFromIndex,
  episodeListFromIndex,
  ingestCorpus,
  openIndexWriter,
  perspectiveLeadersFromIndex,
  SCHEMA_VERSION,
} from '../src/index.js';
import { DIALECTS, type IndexTarget, indexTarget, loadSnapshot } from './index-fixture.js';

const FIRST = { page: 1, page_size: 50 };

describe.each(DIALECTS)('ingesting a corpus into the index on %s', (dialect) => {
  let copy: SampleCorpusCopy;
  let target: IndexTarget;
  const { logger } = memoryLogger();

  beforeEach(async () => {
    copy = copySampleCorpus('corpus-index-ingest');
    // Out of the racy window: a file written just now is read again by every ingest.
    ageTree(copy.corpusDir);
    target = await indexTarget(dialect, path.join(copy.dir, 'index.sqlite'));
  });
  afterEach(async () => {
    await target.remove();
    copy.remove();
  });

  async function sameAsSnapshot(db: Parameters<typeof episodeListFromIndex>[0]) {
    const { registry, snapshot } = await loadSnapshot(copy.corpusDir, logger);
    try {
      expect(await episodeListFromIndex(db, {}, FIRST)).toEqual(
        episodeListFromSnapshot(snapshot, {}, FIRST),
      );
      // The topic counts the writer keeps as episodes come and go.
      const graph = await graphIndexOf(snapshot);
      expect(await perspectiveLeadersFromIndex(db, 200)).toEqual(
        await perspectiveLeaders(graph, 200),
      );
    } finally {
      registry.close();
    }
  }

  it('rebuilds only the episode whose file changed, and drops a removed one', async () => {
    const index = await target.openWriter(logger);
    const first = await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    expect(first.episodesBuilt).toBe(24);
    expect(await ingestCorpus({ db: index.db, root: copy.corpusDir, logger })).toMatchObject({
      changedFiles: 0,
      episodesBuilt: 0,
      episodesDeleted: 0,
    });
    const list = await episodeListFromIndex(index.db, {}, FIRST);
    const [newest, second] = list.items;
    const rows = await index.db
      .selectFrom('episodes')
      .select(['slug', 'metadata_relpath'])
      .execute();
    const relpathOf = (slug: string | undefined) =>
      rows.find((row) => row.slug === slug)?.metadata_relpath as string;
    const retitled = path.join(copy.corpusDir, relpathOf(newest?.slug));
    const doc = JSON.parse(readFileSync(retitled, 'utf8'));
    doc.episode.title = 'Retitled in place';
    writeFileSync(retitled, JSON.stringify(doc));
    utimesSync(retitled, new Date(), new Date(Date.now() + 5000));
    rmSync(path.join(copy.corpusDir, relpathOf(second?.slug)));

    const next = await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    expect(next).toMatchObject({ changedFiles: 1, removedFiles: 1, episodesBuilt: 1 });
    expect(next.episodesDeleted).toBe(1);
    expect((await episodeDetailFromIndex(index.db, newest?.slug as string))?.title).toBe(
      'Retitled in place',
    );
    expect(await episodeDetailFromIndex(index.db, second?.slug as string)).toBeUndefined();
    await sameAsSnapshot(index.db);
    await index.close();
  });

  it('keeps the topic counts equal to the rows when episodes with speakers change or go', async () => {
    const index = await target.openWriter(logger);
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    const spoken = await index.db
      .selectFrom('graph_speaker_topics as s')
      .innerJoin('episodes as e', 'e.id', 's.episode')
      .select('e.metadata_relpath')
      .distinct()
      .orderBy('e.metadata_relpath')
      .execute();
    expect(spoken.length).toBeGreaterThan(2);
    const [changed, removed] = spoken.map((row) => path.join(copy.corpusDir, row.metadata_relpath));
    const doc = JSON.parse(readFileSync(changed as string, 'utf8'));
    doc.episode.title = 'Retitled with its speakers';
    writeFileSync(changed as string, JSON.stringify(doc));
    utimesSync(changed as string, new Date(), new Date(Date.now() + 5000));
    rmSync(removed as string);
    // The removed episode may let an older run's copy win, which is built too.
    const next = await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    expect(next.episodesDeleted + next.episodesBuilt).toBeGreaterThanOrEqual(2);
    const counted = (table: 'graph_topic_counts' | 'graph_topic_speaker_counts') =>
      index.db
        .selectFrom(table)
        .selectAll()
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, insights: Number(row.insights) })));
    const aggregate = async (table: 'graph_insight_topics' | 'graph_speaker_topics') => {
      const rows = await (table === 'graph_insight_topics'
        ? index.db
            .selectFrom(table)
            .select((eb) => ['topic_id', eb.fn.countAll<number>().as('insights')])
            .groupBy('topic_id')
            .execute()
        : index.db
            .selectFrom(table)
            .select((eb) => ['topic_id', 'person_id', eb.fn.countAll<number>().as('insights')])
            .groupBy(['topic_id', 'person_id'])
            .execute());
      return rows.map((row) => ({ ...row, insights: Number(row.insights) }));
    };
    const byKey = (rows: Array<Record<string, unknown>>) =>
      rows.map((row) => JSON.stringify(row)).sort();
    expect(byKey(await counted('graph_topic_counts'))).toEqual(
      byKey(await aggregate('graph_insight_topics')),
    );
    expect(byKey(await counted('graph_topic_speaker_counts'))).toEqual(
      byKey(await aggregate('graph_speaker_topics')),
    );
    await sameAsSnapshot(index.db);
    await index.close();
  });

  it('reads a just-written file again, so a same-size rewrite in its mtime tick is seen', async () => {
    const index = await target.openWriter(logger);
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    const [newest] = (await episodeListFromIndex(index.db, {}, FIRST)).items;
    const slug = newest?.slug as string;
    const row = await index.db
      .selectFrom('episodes')
      .select('metadata_relpath')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    const rewritten = path.join(copy.corpusDir, row.metadata_relpath);
    const tick = new Date();
    const rewrite = (title: string) => {
      const doc = JSON.parse(readFileSync(rewritten, 'utf8'));
      doc.episode.title = title;
      writeFileSync(rewritten, JSON.stringify(doc));
      utimesSync(rewritten, tick, tick);
    };
    rewrite('Title AAAA');
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    expect((await episodeDetailFromIndex(index.db, slug))?.title).toBe('Title AAAA');
    rewrite('Title BBBB'); // the same size and the same mtime
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    expect((await episodeDetailFromIndex(index.db, slug))?.title).toBe('Title BBBB');
    await index.close();
  });

  // PostgreSQL has no quick_check: its own checksums and WAL answer for its pages.
  const sqliteOnly = dialect === 'sqlite' ? it : it.skip;

  sqliteOnly('deletes a corrupt index file and builds it again', async () => {
    const { file } = target.location as { file: string };
    writeFileSync(file, 'this is not a database, it is a ransom note'.repeat(200));
    const { logger: watched, lines } = memoryLogger();
    const index = await openIndexWriter(file, watched);
    expect(lines.some((line) => String(line.msg).startsWith('corpus index unusable'))).toBe(true);
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    await sameAsSnapshot(index.db);
    await index.close();
  });

  it('rebuilds a file of another schema version rather than serve it', async () => {
    const old = await target.openWriter(logger);
    await ingestCorpus({ db: old.db, root: copy.corpusDir, logger });
    await old.close();
    await target.markVersion(SCHEMA_VERSION + 1);
    expect(await target.openReader()).toBeUndefined();
    const { logger: watched, lines } = memoryLogger();
    const index = await target.openWriter(watched);
    expect(lines.some((line) => String(line.msg).startsWith('corpus index unusable'))).toBe(true);
    expect(await index.db.selectFrom('episodes').select('id').execute()).toEqual([]);
    expect(await target.openReader()).toBeUndefined(); // not built yet
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    const reader = await target.openReader();
    expect(reader).toBeDefined();
    await sameAsSnapshot(reader?.db as NonNullable<typeof reader>['db']);
    await reader?.close();
    await index.close();
  });

  it('serves no reader before the first ingest has finished', async () => {
    const index = await target.openWriter(logger);
    expect(await target.openReader()).toBeUndefined();
    await index.close();
  });
});
