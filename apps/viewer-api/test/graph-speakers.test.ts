import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CilPersonPositionsResponse,
  CilPersonProfileResponse,
  CilPersonTopicsResponse,
  CilTopicPersonsResponse,
  TopPersonList,
} from '@podcast/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { copySampleCorpus } from './support/sample-corpus-copy.js';

/*
 * GI 3.1 files of the real pipeline give each quote a diarization
 * placeholder as `speaker_id` (`person:speaker-01`) and name the person on
 * the quote's SPOKEN_BY edge. The sample's GI 3.1 files rewritten that way
 * must answer the person routes exactly as the sample does, and a person an
 * insight only mentions must never count as its speaker.
 */

interface GiFile {
  schema_version: string;
  nodes: Array<{ id: string; type: string; properties: Record<string, unknown> }>;
  edges: Array<{ type: string; from: string; to: string }>;
}

const MENTIONED = 'person:only-mentioned';
const enc = encodeURIComponent;

async function giFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith('.gi.json')).map((name) => path.join(dir, name));
}

/** Placeholders numbered per episode, as diarization numbers its voices. */
function withPlaceholderSpeakers(gi: GiFile): void {
  const numbers = new Map<string, number>();
  for (const node of gi.nodes) {
    const speaker = node.type === 'Quote' ? node.properties.speaker_id : undefined;
    if (typeof speaker === 'string') {
      numbers.set(speaker, numbers.get(speaker) ?? numbers.size + 1);
      node.properties.speaker_id = `person:speaker-0${numbers.get(speaker)}`;
    }
  }
}

/** An insight with no supporting quote that mentions a person who never speaks; its topic. */
function mentionFromUnquotedInsight(gi: GiFile): string | undefined {
  const quoted = new Set(gi.edges.filter((e) => e.type === 'SUPPORTED_BY').map((e) => e.from));
  const about = gi.edges.find(
    (e) => e.type === 'ABOUT' && !quoted.has(e.from) && e.to.startsWith('topic:'),
  );
  if (about === undefined) {
    return undefined;
  }
  gi.nodes.push({ id: MENTIONED, type: 'Person', properties: { name: 'Only Mentioned' } });
  gi.edges.push({ type: 'MENTIONS_PERSON', from: about.from, to: MENTIONED });
  return about.to;
}

/** Rewrites every GI 3.1 file of the corpus; returns the topic the mention is about. */
async function toPipelineShape(root: string): Promise<string> {
  let mentionedTopic: string | undefined;
  for (const file of await giFiles(root)) {
    const gi = JSON.parse(await readFile(file, 'utf8')) as GiFile;
    if (gi.schema_version !== '3.1') {
      continue;
    }
    withPlaceholderSpeakers(gi);
    mentionedTopic ??= mentionFromUnquotedInsight(gi);
    await writeFile(file, JSON.stringify(gi));
  }
  if (mentionedTopic === undefined) {
    throw new Error('the sample has no unquoted insight about a topic');
  }
  return mentionedTopic;
}

const held = {} as {
  sample: { app: ViewerTestApp; remove: () => Promise<void> };
  pipeline: { app: ViewerTestApp; remove: () => Promise<void> };
  mentionedTopic: string;
};

beforeAll(async () => {
  const sample = await copySampleCorpus();
  const pipeline = await copySampleCorpus();
  held.mentionedTopic = await toPipelineShape(pipeline.root);
  held.sample = { app: buildViewerTestApp({ corpusDir: sample.root }), remove: sample.remove };
  held.pipeline = {
    app: buildViewerTestApp({ corpusDir: pipeline.root }),
    remove: pipeline.remove,
  };
});

afterAll(async () => {
  for (const side of [held.sample, held.pipeline]) {
    await side.app.close();
    await side.remove();
  }
});

async function get(app: Express, url: string) {
  const res = await request(app).get(url);
  expect(res.status).toBe(200);
  return res.body;
}

/** The same URL on the sample and on its pipeline-shaped copy, each without its corpus path. */
async function both(url: string) {
  const { path: _sample, ...sample } = await get(held.sample.app.app, url);
  const { path: _pipeline, ...pipeline } = await get(held.pipeline.app.app, url);
  return { sample, pipeline };
}

describe('speakers of a GI 3.1 corpus with placeholder speaker ids', () => {
  it('ranks the same top persons as the sample', async () => {
    const { sample, pipeline } = await both('/api/corpus/persons/top?limit=50');
    expect(sample.persons.length).toBeGreaterThan(3);
    expect(pipeline).toEqual(sample);
  });

  it("answers every person's brief, topics and positions as the sample does", async () => {
    const top = TopPersonList.parse(await get(held.sample.app.app, '/api/corpus/persons/top'));
    expect(top.persons.length).toBeGreaterThan(3);
    // Top persons count every GI file; the graph routes only episodes with a KG and a bridge too.
    let positions = 0;
    let quotes = 0;
    for (const { person_id } of top.persons) {
      const brief = await both(`/api/persons/${enc(person_id)}/brief`);
      expect(brief.pipeline).toEqual(brief.sample);
      quotes += brief.sample.quotes.length;
      const topics = await both(`/api/persons/${enc(person_id)}/topics`);
      expect(topics.pipeline).toEqual(topics.sample);
      for (const topic of topics.sample.topic_ids as string[]) {
        for (const types of ['', '&insight_types=all']) {
          const url = `/api/persons/${enc(person_id)}/positions?topic=${enc(topic)}${types}`;
          const answer = await both(url);
          expect(answer.pipeline).toEqual(answer.sample);
          positions += answer.sample.items.length;
        }
      }
    }
    expect(positions).toBeGreaterThan(0);
    expect(quotes).toBeGreaterThan(0);
  });

  it('lists the same persons on every topic as the sample', async () => {
    const top = TopPersonList.parse(await get(held.sample.app.app, '/api/corpus/persons/top'));
    const topics = new Set<string>();
    for (const { person_id } of top.persons) {
      const body = await get(held.sample.app.app, `/api/persons/${enc(person_id)}/topics`);
      for (const id of CilPersonTopicsResponse.parse(body).topic_ids) {
        topics.add(id);
      }
    }
    expect(topics.size).toBeGreaterThan(5);
    for (const topic of topics) {
      const answer = await both(`/api/topics/${enc(topic)}/persons`);
      expect(answer.pipeline).toEqual(answer.sample);
      expect(answer.sample.person_ids.length).toBeGreaterThan(0);
    }
  });

  it('never takes a person an insight only mentions for its speaker', async () => {
    const app = held.pipeline.app.app;
    const topic = held.mentionedTopic;
    const positions = CilPersonPositionsResponse.parse(
      await get(
        app,
        `/api/persons/${enc(MENTIONED)}/positions?topic=${enc(topic)}&insight_types=all`,
      ),
    );
    expect(positions.items).toEqual([]);
    const brief = CilPersonProfileResponse.parse(
      await get(app, `/api/persons/${enc(MENTIONED)}/brief`),
    );
    expect(brief).toMatchObject({ insight_count: 0, topics: [], quotes: [] });
    const topics = CilPersonTopicsResponse.parse(
      await get(app, `/api/persons/${enc(MENTIONED)}/topics`),
    );
    expect(topics.topic_ids).toEqual([]);
    const persons = CilTopicPersonsResponse.parse(
      await get(app, `/api/topics/${enc(topic)}/persons`),
    );
    expect(persons.person_ids).not.toContain(MENTIONED);
    const top = TopPersonList.parse(await get(app, '/api/corpus/persons/top?limit=200'));
    expect(top.persons.map((p) => p.person_id)).not.toContain(MENTIONED);
  });
});
