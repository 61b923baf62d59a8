import {
  copyFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  conversationArc,
  entitiesIn,
  episodeListFromSnapshot,
  findNodeEpisodes,
  graphIndexOf,
  insightListFromSnapshot,
  noteWatchEvent,
  perspectiveLeaders,
  sentimentLookup,
  termDocumentsOf,
  topicPerspectives,
} from '@podcast/corpus';
import { ageTree, copySampleCorpus, memoryLogger, type SampleCorpusCopy } from '@podcast/testing';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { buildMarksOf, servableOf } from '../src/build-marks.js';
import { PG_SCHEMA } from '../src/dialect.js';
import {
  conversationArcFromIndex,
  entitiesInFromIndex,
  episodeDetailFromIndex,
  episodeListFromIndex,
  IngestLockLost,
  ingestCorpus,
  insightListFromIndex,
  nodeEpisodesFromIndex,
  openIndexWriter,
  perspectiveLeadersFromIndex,
  SCHEMA_VERSION,
  topicPerspectivesFromIndex,
} from '../src/index.js';
import { ingestWalk } from '../src/ingest.js';
import { ingestChanges } from '../src/ingest-changes.js';
import { PART_TABLES } from '../src/write-batch.js';
import { createWriteHealth } from '../src/write-health.js';
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

  /**
   * The catalog, and with `layers` the topic counts the writer keeps as
   * episodes come and go, every node's episodes and insight's entities, and
   * no entity or node row left of an episode that went.
   */
  async function sameAsSnapshot(db: Parameters<typeof episodeListFromIndex>[0], layers = true) {
    const { registry, snapshot } = await loadSnapshot(copy.corpusDir, logger);
    try {
      expect(await episodeListFromIndex(db, {}, FIRST)).toEqual(
        episodeListFromSnapshot(snapshot, {}, FIRST),
      );
      if (!layers) {
        return;
      }
      // Ask's running term counts are the document frequencies of the snapshot's texts.
      const texts = snapshot.episodes.flatMap((episode) => {
        const graph = episode.has_gi ? snapshot.graphOf(episode) : undefined;
        return [
          ...(graph?.insights ?? []).map((insight) => insight.text),
          ...(graph?.quotes ?? []).map((quote) => quote.text),
        ];
      });
      const { documents, counts } = termDocumentsOf(texts);
      const termRows = await db.selectFrom('term_counts').selectAll().execute();
      expect(termRows.map((row) => [row.term, Number(row.documents)]).sort()).toEqual(
        [...(documents === 0 ? [] : [['', documents]]), ...counts].sort(),
      );
      const graph = await graphIndexOf(snapshot);
      expect(await perspectiveLeadersFromIndex(db, 200)).toEqual(
        await perspectiveLeaders(graph, 200),
      );
      const sentimentOf = await sentimentLookup(
        registry.at(copy.corpusDir),
        [...graph.byTopic.values()].flat(),
      );
      for (const topic of graph.byTopic.keys()) {
        for (const types of ['all', ['claim']] as const) {
          expect(await conversationArcFromIndex(db, { topic, types })).toEqual(
            conversationArc(graph, { topic, types }, sentimentOf),
          );
        }
        for (const scope of ['person', 'show'] as const) {
          expect(await topicPerspectivesFromIndex(db, { topic, scope })).toEqual(
            topicPerspectives(graph, { topic, scope }, sentimentOf),
          );
        }
      }
      for (const node of graph.byNode.keys()) {
        expect(await nodeEpisodesFromIndex(db, node, 1000)).toEqual(
          await findNodeEpisodes(snapshot, node, 1000),
        );
      }
      for (const id of graph.byInsightId.keys()) {
        expect(await entitiesInFromIndex(db, id, 200)).toEqual(entitiesIn(graph, id, 200));
      }
      for (const table of ['graph_insight_entities', 'episode_nodes'] as const) {
        const orphans = await db
          .selectFrom(table)
          .select('episode')
          .where('episode', 'not in', db.selectFrom('episodes').select('id'))
          .execute();
        expect([table, orphans]).toEqual([table, []]);
      }
    } finally {
      registry.close();
    }
  }

  it('rebuilds only the episode whose file changed, and drops a removed one', async () => {
    const index = await target.openWriter(logger);
    // A first build gives a worker every file it reads, to read ahead (parse-ahead.test.ts has the
    // worker read them): the metadata, then the layers and sidecars. Later ingests give none.
    // On SQLite another worker writes the layers pass's batches, five episodes each.
    const file = dialect === 'sqlite' ? { file: path.join(copy.dir, 'index.sqlite') } : {};
    const deps = { db: index.db, ...file, root: copy.corpusDir, logger, readAheadFrom: 1 };
    const first = await ingestCorpus({ ...deps, batchSize: 5 });
    expect(first.episodesBuilt).toBe(24);
    expect(first.filesReadAhead).toBe(first.files);
    expect(first.episodesWrittenBehind).toBe(dialect === 'sqlite' ? 24 : 0);
    // The layers pass rewrote each episode in the row its catalog pass wrote, not in a new one.
    const ids = async () =>
      new Map(
        (await index.db.selectFrom('episodes').select(['metadata_relpath', 'id']).execute()).map(
          (row) => [row.metadata_relpath, Number(row.id)],
        ),
      );
    const built = await ids();
    expect(Math.max(...built.values())).toBe(24);
    await sameAsSnapshot(index.db);
    expect(await ingestCorpus(deps)).toMatchObject({
      changedFiles: 0,
      episodesBuilt: 0,
      episodesDeleted: 0,
      filesReadAhead: 0,
      episodesWrittenBehind: 0,
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
    // The retitled episode kept its row; only the removed one's is gone.
    built.delete(relpathOf(second?.slug));
    expect(await ids()).toEqual(built);
    await sameAsSnapshot(index.db);
    await index.close();
  });

  it('clears every table that refers to an episode when the episode is rewritten in place', async () => {
    const index = await target.openWriter(logger);
    const { rows } =
      dialect === 'postgres'
        ? await sql<{ name: string }>`select distinct c.conrelid::regclass::text as name
            from pg_constraint c where c.contype = 'f'
            and c.confrelid = ${`${PG_SCHEMA}.episodes`}::regclass`.execute(index.db)
        : await sql<{ name: string }>`select m.name from sqlite_master m
            join pragma_foreign_key_list(m.name) f where m.type = 'table'
            and f."table" = 'episodes'`.execute(index.db);
    const referring = rows.map((row) => row.name.replace(`${PG_SCHEMA}.`, '')).sort();
    expect(referring.length).toBeGreaterThan(20);
    expect(referring).toEqual([...PART_TABLES].sort());
    await index.close();
  });

  /** How many rows `table` holds (PostgreSQL counts as bigint, which its driver gives as text). */
  async function rowsIn(
    db: Parameters<typeof episodeListFromIndex>[0],
    table: 'episodes' | 'insights',
  ): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every index of the schema with its definition, by name. */
  async function indexesOf(db: Parameters<typeof episodeListFromIndex>[0]) {
    const { rows } =
      dialect === 'postgres'
        ? await sql<{ name: string; definition: string }>`select indexname as name,
            indexdef as definition from pg_indexes where schemaname = ${PG_SCHEMA}`.execute(db)
        : await sql<{ name: string; definition: string }>`select name, sql as definition
            from sqlite_master where type = 'index' and sql is not null`.execute(db);
    return new Map(rows.map((row) => [row.name, row.definition]));
  }

  it('makes the indexes only readers use after the layers pass, also after a stop between', async () => {
    const index = await target.openWriter(logger);
    const schema = await indexesOf(index.db);
    expect(schema.size).toBeGreaterThan(30);
    // The lock is lost at the second batch of the layers pass, which on SQLite a worker writes:
    // the batch it holds is committed before the ingest ends.
    let layers = false;
    let asked = 0;
    const lostInLayers = () => !layers || ++asked < 2;
    const file = dialect === 'sqlite' ? { file: path.join(copy.dir, 'index.sqlite') } : {};
    await expect(
      ingestCorpus({
        db: index.db,
        ...file,
        readAheadFrom: 1,
        batchSize: 2,
        root: copy.corpusDir,
        logger,
        isHolder: lostInLayers,
        beforeLayers: async () => {
          layers = true;
        },
      }),
    ).rejects.toBeInstanceOf(IngestLockLost);
    expect(await rowsIn(index.db, 'insights')).toBeGreaterThan(0);
    const meanwhile = await indexesOf(index.db);
    expect(meanwhile.has('graph_insight_topics_perspective')).toBe(false);
    expect(meanwhile.has('insight_topics_episode')).toBe(true);
    // Every index the pass defers is one the schema has: a renamed one would leave this count.
    expect(schema.size - meanwhile.size).toBe(19);
    expect(servableOf(await buildMarksOf(index.db))).toBe('catalog');
    // The next ingest (here, another holder's) finishes the build and makes them all again.
    // Readers serve the catalog meanwhile, so its indexes stay: on SQLite, seen at every ask.
    const raw =
      dialect === 'sqlite'
        ? new Database(path.join(copy.dir, 'index.sqlite'), { readonly: true })
        : undefined;
    const catalogIndexes: number[] = [];
    await ingestCorpus({
      db: index.db,
      root: copy.corpusDir,
      logger,
      isHolder: () => {
        const count = raw
          ?.prepare("select count(*) from sqlite_master where name like 'episodes\\_%' escape '\\'")
          .pluck()
          .get() as number | undefined;
        catalogIndexes.push(count ?? 0);
        return true;
      },
    });
    raw?.close();
    if (raw !== undefined) {
      expect(catalogIndexes.length).toBeGreaterThan(2);
      expect(new Set(catalogIndexes)).toEqual(new Set([6]));
    }
    expect(servableOf(await buildMarksOf(index.db))).toBe('all');
    expect(await indexesOf(index.db)).toEqual(schema);
    const keys = await index.db.selectFrom('index_meta').select('key').execute();
    expect(keys.map((row) => row.key)).not.toContain('deferred_indexes');
    await sameAsSnapshot(index.db);
    await index.close();
  });

  it('finishes a first build cut off in its catalog pass: every feed, and the indexes before it serves', async () => {
    const index = await target.openWriter(logger);
    const schema = await indexesOf(index.db);
    // The catalog pass asks about four times a feed folder and asks 18 times in all here:
    // the eighth is after its first folder's episodes were committed.
    let asked = 0;
    await expect(
      ingestCorpus({ db: index.db, root: copy.corpusDir, logger, isHolder: () => ++asked < 8 }),
    ).rejects.toBeInstanceOf(IngestLockLost);
    expect(await rowsIn(index.db, 'episodes')).toBeGreaterThan(0);
    const meanwhile = await indexesOf(index.db);
    expect(meanwhile.has('episodes_catalog')).toBe(false);
    expect(meanwhile.has('episodes_slug')).toBe(false);
    // Every index the pass defers is one the schema has: a renamed one would leave this count.
    expect(schema.size - meanwhile.size).toBe(6);
    expect(servableOf(await buildMarksOf(index.db))).toBe('nothing');
    // The next ingest finishes the pass: when it marks the catalog, readers' indexes are there.
    let atCatalog: Map<string, string> | undefined;
    const resumed = await ingestCorpus({
      db: index.db,
      root: copy.corpusDir,
      logger,
      beforeLayers: async () => {
        expect(servableOf(await buildMarksOf(index.db))).toBe('catalog');
        atCatalog = await indexesOf(index.db);
      },
    });
    expect(resumed.episodesBuilt).toBeGreaterThan(0);
    for (const name of ['episodes_catalog', 'episodes_feed_catalog', 'episodes_slug']) {
      expect(atCatalog?.get(name)).toBe(schema.get(name));
    }
    expect(await indexesOf(index.db)).toEqual(schema);
    const keys = await index.db.selectFrom('index_meta').select('key').execute();
    expect(keys.map((row) => row.key)).not.toContain('deferred_catalog_indexes');
    await sameAsSnapshot(index.db);
    await index.close();
  });

  it('sees a lost lock or a close at each feed folder of a rescan with nothing to write', async () => {
    const index = await target.openWriter(logger);
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    const feedDirs = readdirSync(path.join(copy.corpusDir, 'feeds')).length;
    let asked = 0;
    const counted = () => {
      asked += 1;
      return true;
    };
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger, isHolder: counted });
    expect(asked).toBeGreaterThanOrEqual(feedDirs);
    // Held for the first folder only: the walk stops at the next, and what was committed stays.
    asked = 0;
    const heldOnce = () => {
      asked += 1;
      return asked === 1;
    };
    await expect(
      ingestCorpus({ db: index.db, root: copy.corpusDir, logger, isHolder: heldOnce }),
    ).rejects.toBeInstanceOf(IngestLockLost);
    expect(asked).toBe(2);
    await sameAsSnapshot(index.db);
    await index.close();
  });

  it('gives timers a turn per feed folder of a rescan that writes nothing', async () => {
    const index = await target.openWriter(logger);
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    const feedDirs = readdirSync(path.join(copy.corpusDir, 'feeds')).length;
    // A macrotask counting turns of the event loop, as the ingest lock's heartbeat timer needs them.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) {
        setImmediate(tick);
      }
    };
    setImmediate(tick);
    const seen = new Set<number>();
    const held = () => {
      seen.add(turns);
      return true;
    };
    try {
      const report = await ingestCorpus({
        db: index.db,
        root: copy.corpusDir,
        logger,
        isHolder: held,
      });
      expect(report.changedFiles).toBe(0);
    } finally {
      ticking = false;
    }
    // Each folder's check saw the loop turn since the last: a rescan never holds it whole.
    expect(seen.size).toBeGreaterThanOrEqual(feedDirs);
  });

  it('reads the files table one feed folder at a time, and drops a folder removed whole', async () => {
    const index = await target.openWriter(logger);
    // A first build of fewer files than the default bound starts no read-ahead worker.
    expect(await ingestCorpus({ db: index.db, root: copy.corpusDir, logger })).toMatchObject({
      episodesBuilt: 24,
      filesReadAhead: 0,
    });
    const [feedDir] = readdirSync(path.join(copy.corpusDir, 'feeds')).sort();
    const rowsUnder = async (prefix: string) =>
      (await index.db.selectFrom('files').select('path').execute()).filter((row) =>
        row.path.startsWith(prefix),
      ).length;
    expect(await rowsUnder(`feeds/${feedDir}/`)).toBeGreaterThan(0);
    // A folder gone whole is in the files table alone: the scan still finds its rows.
    rmSync(path.join(copy.corpusDir, 'feeds', feedDir as string), { recursive: true });
    // A file outside every feed folder is a unit of its own.
    writeFileSync(path.join(copy.corpusDir, 'feeds', 'stray.gi.json'), '{}');
    ageTree(copy.corpusDir);
    const next = await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    expect(next.removedFiles).toBeGreaterThan(0);
    expect(next.episodesDeleted).toBeGreaterThan(0);
    expect(await rowsUnder(`feeds/${feedDir}/`)).toBe(0);
    expect(await rowsUnder('feeds/stray.gi.json')).toBe(1);
    await sameAsSnapshot(index.db);
    expect(await ingestCorpus({ db: index.db, root: copy.corpusDir, logger })).toMatchObject({
      changedFiles: 0,
      removedFiles: 0,
      episodesBuilt: 0,
      episodesDeleted: 0,
    });
    await index.close();
  });

  it('keeps every episode while the corpus root is missing, and empties on an empty root', async () => {
    const index = await target.openWriter(logger);
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    const moved = `${copy.corpusDir}-unmounted`;
    renameSync(copy.corpusDir, moved);
    await expect(ingestCorpus({ db: index.db, root: copy.corpusDir, logger })).rejects.toThrow(
      /corpus root .* is missing/,
    );
    await expect(
      ingestChanges({ db: index.db, root: copy.corpusDir, logger }, new Map(), {
        dirtyFiles: new Set(),
        dirtyDirs: new Set(['feeds']),
      }),
    ).rejects.toThrow(/corpus root .* is missing/);
    expect((await episodeListFromIndex(index.db, {}, FIRST)).items).toHaveLength(24);
    renameSync(moved, copy.corpusDir);
    expect(await ingestCorpus({ db: index.db, root: copy.corpusDir, logger })).toMatchObject({
      changedFiles: 0,
      episodesDeleted: 0,
    });
    // A root that is there but empty is a corpus emptied on purpose.
    rmSync(path.join(copy.corpusDir, 'feeds'), { recursive: true });
    const emptied = await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    expect(emptied.episodesDeleted).toBe(24);
    await index.close();
  });

  it('ingests only what a watcher names, to the rows a full ingest makes', async () => {
    const index = await target.openWriter(logger);
    const full = await ingestWalk({ db: index.db, root: copy.corpusDir, logger });
    const marks = { dirtyFiles: new Set<string>(), dirtyDirs: new Set<string>() };
    const event = (relpath: string, isRename: boolean) =>
      noteWatchEvent(marks, path.posix.dirname(relpath), path.posix.basename(relpath), isRename);
    const rows = await index.db
      .selectFrom('episodes')
      .select(['metadata_relpath', 'slug'])
      .orderBy('metadata_relpath')
      .execute();
    const [retitled, rerun, stripped, dropped] = rows.map((row) => row.metadata_relpath);
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    // A title changed in place: the watcher names the file.
    const doc = JSON.parse(readFileSync(path.join(copy.corpusDir, retitled as string), 'utf8'));
    doc.episode.title = 'Retitled under the watcher';
    writeFileSync(path.join(copy.corpusDir, retitled as string), JSON.stringify(doc));
    utimesSync(path.join(copy.corpusDir, retitled as string), past(10), past(10));
    event(retitled as string, false);
    // A later run of the feed holds one episode again: that copy wins its dedup group.
    const runDir = path.posix.dirname(path.posix.dirname(rerun as string));
    const laterRun = `${path.posix.dirname(runDir)}/run_20991231-000000_later`;
    const laterCopy = `${laterRun}/metadata/${path.posix.basename(rerun as string)}`;
    mkdirSync(path.join(copy.corpusDir, laterRun, 'metadata'), { recursive: true });
    copyFileSync(path.join(copy.corpusDir, rerun as string), path.join(copy.corpusDir, laterCopy));
    utimesSync(path.join(copy.corpusDir, laterCopy), past(20), past(20));
    event(laterRun, true);
    // An episode's GI file is deleted.
    const gi = (stripped as string).replace(/metadata\.json$/, 'gi.json');
    rmSync(path.join(copy.corpusDir, gi));
    event(gi, true);
    // A later run's copy of an episode is deleted: the earlier run's copy wins again.
    rmSync(path.join(copy.corpusDir, dropped as string));
    event(dropped as string, true);

    const { report } = await ingestChanges(
      { db: index.db, root: copy.corpusDir, logger },
      full.dirs,
      marks,
    );
    expect(report).toMatchObject({ changedFiles: 2, removedFiles: 2, episodesDeleted: 2 });
    // The retitled one, the later run's copy, the one without GI and the earlier run's copy.
    expect(report.episodesBuilt).toBe(4);
    // The files named, and those of the directories listed again: not the corpus.
    expect(report.files).toBeLessThan(full.report.files / 4);
    const survivor = await index.db
      .selectFrom('episodes')
      .select('metadata_relpath')
      .where('slug', '=', rows[3]?.slug as string)
      .executeTakeFirst();
    expect(survivor?.metadata_relpath.endsWith(path.posix.basename(dropped as string))).toBe(false);
    const detail = await episodeDetailFromIndex(index.db, rows[0]?.slug as string);
    expect(detail?.title).toBe('Retitled under the watcher');
    // A full ingest finds nothing left to do, and the answers are today's.
    expect(await ingestCorpus({ db: index.db, root: copy.corpusDir, logger })).toMatchObject({
      changedFiles: 0,
      removedFiles: 0,
      episodesBuilt: 0,
      episodesDeleted: 0,
    });
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
    // The arc's counts add up to the topics' and keep no emptied row.
    const arcTotals = await index.db
      .selectFrom('graph_topic_arc_counts')
      .select((eb) => ['topic_id', eb.fn.sum<number>('insights').as('insights')])
      .groupBy('topic_id')
      .execute();
    expect(byKey(arcTotals.map((row) => ({ ...row, insights: Number(row.insights) })))).toEqual(
      byKey(await aggregate('graph_insight_topics')),
    );
    expect(
      await index.db
        .selectFrom('graph_topic_arc_counts')
        .selectAll()
        .where('insights', '<=', 0)
        .execute(),
    ).toEqual([]);
    await sameAsSnapshot(index.db);
    await index.close();
  });

  it('counts topics at the end of a first build as later ingests count them batch by batch', async () => {
    const count = async (db: Parameters<typeof episodeListFromIndex>[0]) => ({
      topics: await db.selectFrom('graph_topic_counts').selectAll().orderBy('topic_id').execute(),
      speakers: await db
        .selectFrom('graph_topic_speaker_counts')
        .selectAll()
        .orderBy('topic_id')
        .orderBy('person_id')
        .execute(),
      arc: await db
        .selectFrom('graph_topic_arc_counts')
        .selectAll()
        .orderBy('topic_id')
        .orderBy('type_key')
        .orderBy('date')
        .orderBy('label')
        .execute(),
    });
    const built = await target.openWriter(logger);
    await ingestCorpus({ db: built.db, root: copy.corpusDir, logger });
    const atBuild = await count(built.db);
    await built.close();
    // The same corpus again, its episodes arriving after a first build of an empty folder.
    const later = path.join(copy.dir, 'later');
    mkdirSync(later);
    const other = await indexTarget(dialect, path.join(copy.dir, 'later.sqlite'));
    try {
      const kept = await other.openWriter(logger);
      await ingestCorpus({ db: kept.db, root: later, logger });
      cpSync(copy.corpusDir, later, { recursive: true });
      ageTree(later);
      const report = await ingestCorpus({ db: kept.db, root: later, logger });
      expect(report.episodesBuilt).toBeGreaterThan(2);
      const episodeByEpisode = await count(kept.db);
      await kept.close();
      expect(atBuild.arc.some((row) => row.label !== '')).toBe(true);
      expect(atBuild.speakers.length).toBeGreaterThan(0);
      expect(JSON.parse(JSON.stringify(atBuild))).toEqual(
        JSON.parse(JSON.stringify(episodeByEpisode)),
      );
    } finally {
      await other.remove();
    }
  });

  it('keeps a torn episode as it was until its files are whole again', async () => {
    const index = await target.openWriter(logger);
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    const rows = await index.db
      .selectFrom('episodes')
      .innerJoin('insights', 'insights.episode', 'episodes.id')
      .select(['episodes.slug', 'episodes.metadata_relpath'])
      .orderBy('episodes.metadata_relpath')
      .executeTakeFirstOrThrow();
    const { slug } = rows;
    const files = [
      rows.metadata_relpath,
      rows.metadata_relpath.replace(/metadata\.json$/, 'gi.json'),
    ];
    const whole = files.map((relpath) => readFileSync(path.join(copy.corpusDir, relpath), 'utf8'));
    const answers = async () => ({
      detail: await episodeDetailFromIndex(index.db, slug),
      insights: await insightListFromIndex(index.db, slug),
    });
    const before = await answers();
    expect(before.insights?.items.length).toBeGreaterThan(0);
    let minutes = 0;
    const write = (relpath: string, text: string) => {
      const file = path.join(copy.corpusDir, relpath);
      writeFileSync(file, text);
      // Past the racy window, and a new mtime each time.
      const later = new Date(Date.now() - 3_600_000 + 60_000 * ++minutes);
      utimesSync(file, later, later);
    };

    // Each file cut half way through a write, in turn, then both.
    for (const torn of [[0], [1], [0, 1]]) {
      for (const i of torn) {
        write(files[i] as string, (whole[i] as string).slice(0, (whole[i] as string).length / 2));
      }
      const report = await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
      expect(report.changedFiles).toBe(torn.length);
      expect(report.episodesBuilt).toBe(0);
      expect(await answers()).toEqual(before);
      for (const i of torn) {
        write(files[i] as string, whole[i] as string);
      }
      await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
      expect(await answers()).toEqual(before);
    }

    // Whole again with a new title: the new version is served.
    const doc = JSON.parse(whole[0] as string);
    doc.episode.title = 'Whole again';
    write(files[0] as string, JSON.stringify(doc));
    expect(await ingestCorpus({ db: index.db, root: copy.corpusDir, logger })).toMatchObject({
      episodesBuilt: 1,
    });
    expect((await answers()).detail?.title).toBe('Whole again');
    expect((await answers()).insights).toEqual(before.insights);
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

  sqliteOnly('finds a database whose pages were overwritten, and builds it again', async () => {
    const { file } = target.location as { file: string };
    const built = await openIndexWriter(file, logger);
    await ingestCorpus({ db: built.db, root: copy.corpusDir, logger });
    await built.close();
    // Past the header and the schema page: the tables' own pages, as a torn disk write leaves them.
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096 * 2, bytes.length - 4096);
    writeFileSync(file, bytes);
    const { logger: watched, lines } = memoryLogger();
    const index = await openIndexWriter(file, watched);
    const warned = lines.find((line) => String(line.msg).startsWith('corpus index unusable'));
    expect(String(warned?.defect)).toMatch(/quick_check|malformed/);
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

  it('serves the catalog while a first build reads the layers, then the layers', async () => {
    const { registry, snapshot } = await loadSnapshot(copy.corpusDir, logger);
    const slug = snapshot.episodes.find((episode) => episode.has_gi)?.slug as string;
    const expected = insightListFromSnapshot(snapshot, slug);
    registry.close();
    expect(expected?.items.length).toBeGreaterThan(0);
    const index = await target.openWriter(logger);
    let held: { servable: string; insights: number | undefined } | undefined;
    const report = await ingestCorpus({
      db: index.db,
      root: copy.corpusDir,
      logger,
      beforeLayers: async () => {
        // Another connection, as a reader in another process would see the index.
        const reader = await target.openReader();
        expect(reader).toBeDefined();
        const db = reader?.db as typeof index.db;
        await sameAsSnapshot(db, false);
        const insights = await insightListFromIndex(db, slug);
        held = { servable: servableOf(await buildMarksOf(db)), insights: insights?.items.length };
        await reader?.close();
      },
    });
    // The catalog is today's; the insights are not read yet, which is why their routes answer 503.
    expect(held).toEqual({ servable: 'catalog', insights: 0 });
    expect(report).toMatchObject({ episodesBuilt: 24, episodesDeleted: 0 });
    const reader = await target.openReader();
    const db = reader?.db as typeof index.db;
    expect(servableOf(await buildMarksOf(db))).toBe('all');
    expect(await insightListFromIndex(db, slug)).toEqual(expected);
    await sameAsSnapshot(db);
    await reader?.close();
    await index.close();
  });

  it('finishes a first build cut off between its passes at the next ingest', async () => {
    const index = await target.openWriter(logger);
    const cutOff = ingestCorpus({
      db: index.db,
      root: copy.corpusDir,
      logger,
      beforeLayers: async () => {
        throw new Error('the process died here');
      },
    });
    await expect(cutOff).rejects.toThrow('the process died here');
    // A metadata file changed since the catalog pass stored its record: that record is not used.
    const first = await index.db
      .selectFrom('episodes')
      .select(['metadata_relpath', 'slug'])
      .orderBy('metadata_relpath')
      .executeTakeFirstOrThrow();
    const retitled = path.join(copy.corpusDir, first.metadata_relpath);
    const doc = JSON.parse(readFileSync(retitled, 'utf8'));
    doc.episode.title = 'Retitled between the passes';
    writeFileSync(retitled, JSON.stringify(doc));
    utimesSync(retitled, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const next = await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
    expect(next).toMatchObject({ changedFiles: 1, episodesBuilt: 24 });
    expect((await episodeDetailFromIndex(index.db, first.slug))?.title).toBe(
      'Retitled between the passes',
    );
    const { registry, snapshot } = await loadSnapshot(copy.corpusDir, logger);
    try {
      for (const episode of snapshot.episodes) {
        expect(await insightListFromIndex(index.db, episode.slug)).toEqual(
          insightListFromSnapshot(snapshot, episode.slug),
        );
      }
    } finally {
      registry.close();
    }
    await sameAsSnapshot(index.db);
    await index.close();
  });
});

describe('a run of failed index writes', () => {
  it('retries the ingest on a doubling backoff and logs once per delay, not per beat', () => {
    let now = 1000;
    const { logger, lines } = memoryLogger();
    const health = createWriteHealth(logger, 'index', 100, () => now);
    const full = new Error('database or disk is full');
    const said = () =>
      lines.filter((line) => String(line.msg).startsWith('corpus index not written'));

    health.failed('ingest', full);
    expect([health.isRetryDue(1099), health.isRetryDue(1100)]).toEqual([false, true]);
    now = 1100;
    health.failed('ingest', full);
    expect([health.isRetryDue(1299), health.isRetryDue(1300)]).toEqual([false, true]);
    // Lock beats fail every few milliseconds meanwhile: still one line per delay.
    for (now = 1100; now < 1400; now += 10) {
      health.failed('lock', full);
    }
    expect(said().length).toBe(3); // at 1000, then 1100, then 1300
    expect(health.status()).toEqual({ failures: 32, last_error: 'database or disk is full' });

    health.succeeded('lock');
    expect(health.status()).toEqual({ failures: 2, last_error: 'database or disk is full' });
    expect(health.hasFailingIngest()).toBe(true);
    health.succeeded('ingest');
    expect(health.status()).toEqual({ failures: 0, last_error: null });
    expect(health.isRetryDue(now)).toBe(true);
    expect(lines.filter((line) => line.msg === 'corpus index written again')).toHaveLength(1);
  });
});
