import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CorpusSnapshot, createCorpusRegistry } from '@podcast/corpus';
import {
  type IndexHandle,
  ingestCorpus,
  openIndexWriter,
  openPgIndexWriter,
} from '@podcast/corpus-index';
import { copySampleCorpus, createTestDatabase } from '@podcast/testing';
import { pino } from 'pino';
import { catalogTopicLabels, snapshotTopicLabels } from '../src/index.js';

const logger = pino({ level: 'silent' });

/** Gives each KG topic a label naming its episode's file, so which episode labelled it shows. */
function labelPerEpisode(root: string): void {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.kg.json'),
  );
  for (const file of files) {
    const kg = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    for (const node of kg.nodes) {
      if (String(node.id).startsWith('topic:')) {
        node.properties.label = `${node.properties.label} in ${path.basename(file)}`;
      }
    }
    writeFileSync(path.join(root, file), JSON.stringify(kg));
  }
}

describe.each(['sqlite', 'postgres'] as const)('topic labels from the %s catalog', (dialect) => {
  const registry = createCorpusRegistry({ logger, watch: false });
  const copy = copySampleCorpus('topic-labels');
  let snapshot: CorpusSnapshot;
  let index: IndexHandle;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    labelPerEpisode(copy.corpusDir);
    snapshot = await registry.get(copy.corpusDir);
    if (dialect === 'sqlite') {
      index = await openIndexWriter(path.join(copy.dir, 'corpus.sqlite'), logger);
    } else {
      const database = await createTestDatabase();
      dropDatabase = () => database.close();
      index = await openPgIndexWriter(database.url, logger);
    }
    await ingestCorpus({ db: index.db, root: copy.corpusDir, logger });
  });
  afterAll(async () => {
    await index.close();
    await dropDatabase();
    registry.close();
    copy.remove();
  });

  // Pages of 5 of the 24 episodes: the labels are read across pages.
  const catalog = () => catalogTopicLabels(registry.at(copy.corpusDir), index.db, 5);

  it('gives every KG topic the label of the first catalog episode naming it, as the snapshot does', async () => {
    const all = await snapshotTopicLabels(snapshot).labelsOf(new Set());
    expect(all.size).toBeGreaterThan(20);
    expect(all.get('topic:green-infrastructure')).toMatch(/^green infrastructure in 0005 /);
    expect(await catalog().labelsOf(new Set(all.keys()))).toEqual(all);
  });

  it('labels only the ids asked for, and none of an id no KG names', async () => {
    const [first, second] = (await snapshotTopicLabels(snapshot).labelsOf(new Set())).keys();
    const asked = new Set([first as string, second as string, 'topic:no-such-topic']);
    const labels = await catalog().labelsOf(asked);
    expect([...labels.keys()].sort()).toEqual([first, second].sort());
  });
});
