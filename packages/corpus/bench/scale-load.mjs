// Loads a synthetic 10 000-episode corpus and reports time and memory against
// the budget (under 10 s, under 1 GB resident). Build first:
//   cd packages/corpus && npx tsc -p tsconfig.build.json && node bench/scale-load.mjs [dir] [episodes]
// Without a directory it generates one in the system temp dir (about 475 MB).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createCorpusRegistry } from '../dist/index.js';

const FEEDS = 50;
const INSIGHTS = 30;

function episodeFiles(i) {
  const hex = (n) => n.toString(16).padStart(16, '0');
  const nodes = [];
  const edges = [];
  for (let k = 0; k < INSIGHTS; k++) {
    const [insight, quote] = [`insight:${hex(i * 100 + k)}`, `quote:${hex(i * 100 + k)}`];
    nodes.push({
      id: insight,
      type: 'Insight',
      properties: {
        text: `Insight ${k} of episode ${i}, a claim of moderate length.`,
        insight_type: 'claim',
        position_hint: k / INSIGHTS,
        grounded: true,
        salience: (k % 7) / 7,
      },
    });
    nodes.push({
      id: quote,
      type: 'Quote',
      properties: {
        text: `Verbatim quote ${k} with enough words to look like real speech.`,
        char_start: k * 100,
        char_end: k * 100 + 80,
        timestamp_start_ms: k * 1000,
        timestamp_end_ms: k * 1000 + 900,
        speaker_id: null,
        transcript_ref: 't.txt',
      },
    });
    edges.push(
      { type: 'SUPPORTED_BY', from: insight, to: quote },
      { type: 'ABOUT', from: insight, to: `topic:t${k % 10}` },
    );
  }
  const topics = Array.from({ length: 10 }, (_, t) => ({
    id: `topic:t${t}`,
    type: 'Topic',
    properties: { label: `topic ${t}` },
  }));
  const persons = Array.from({ length: 5 }, (_, p) => ({
    id: `person:p${p}`,
    type: 'Person',
    properties: { name: `Person ${p}` },
  }));
  return {
    metadata: {
      feed: {
        feed_id: `sha256:${i % FEEDS}`,
        title: `Feed ${i % FEEDS}`,
        url: `https://f${i % FEEDS}.test/rss`,
      },
      episode: {
        title: `Episode ${i}`,
        episode_id: `guid-${i}`,
        published_date: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00Z`,
        duration_seconds: 1800,
        description: 'Episode description. '.repeat(20),
      },
      content: {
        transcript_file_path: `transcripts/${i}.txt`,
        media_url: `https://cdn.test/${i}.mp3`,
      },
      summary: {
        title: `Summary ${i}`,
        bullets: Array.from(
          { length: 6 },
          (_, b) => `Bullet ${b} of episode ${i} about the topic at hand.`,
        ),
        raw_text: 'Summary body. '.repeat(60),
      },
    },
    gi: {
      schema_version: '3.1',
      model_version: 'm',
      prompt_version: 'p',
      episode_id: `guid-${i}`,
      nodes: [...nodes, ...topics],
      edges,
    },
    kg: {
      schema_version: '2.0',
      episode_id: `guid-${i}`,
      extraction: { model_version: 'x' },
      nodes: [...topics, ...persons],
      edges: [],
    },
    bridge: {
      schema_version: '1.0',
      episode_id: `guid-${i}`,
      identities: persons.map((p) => ({
        id: p.id,
        type: 'person',
        display_name: p.properties.name,
        aliases: [],
      })),
    },
  };
}

function generate(root, count) {
  for (let i = 0; i < count; i++) {
    const dir = path.join(
      root,
      `feeds/rss_f${i % FEEDS}/run_2026010${1 + (i % 2)}-000000_abcd1234/metadata`,
    );
    mkdirSync(dir, { recursive: true });
    for (const [kind, doc] of Object.entries(episodeFiles(i))) {
      writeFileSync(
        path.join(dir, `${String(i).padStart(5, '0')} - episode.${kind}.json`),
        JSON.stringify(doc, null, 2),
      );
    }
  }
}

const root = process.argv[2] ?? path.join(tmpdir(), 'corpus-scale-bench');
const count = Number(process.argv[3] ?? 10_000);
if (!existsSync(path.join(root, 'feeds'))) {
  console.log(`generating ${count} episodes in ${root}`);
  generate(root, count);
}
const registry = createCorpusRegistry({ logger: pino({ level: 'warn' }), watch: false });
const cpuBefore = process.cpuUsage();
const started = performance.now();
const snapshot = await registry.get(root);
const wallMs = Math.round(performance.now() - started);
const cpu = process.cpuUsage(cpuBefore);
const rssMb = Math.round(process.memoryUsage().rss / 1e6);
registry.close();
console.log({
  episodes: snapshot.episodes.length,
  wallMs,
  cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  rssMb,
  stats: snapshot.stats,
});
if (wallMs > 10_000 || rssMb > 1000) {
  console.error('over budget: 10 s / 1 GB');
  process.exitCode = 1;
}
