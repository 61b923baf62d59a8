import { isoDay } from './clock.js';
import { type GeneratedCorpusSummary, MISSING_DESCRIPTIONS } from './generated-summary.js';
import type { CorpusPlan } from './plan-types.js';

type ReadmeFacts = Omit<GeneratedCorpusSummary, 'files' | 'bytes' | 'out'>;

function listOrNone(items: readonly string[]): string[] {
  return items.length === 0
    ? ['- (none in a corpus this size)']
    : items.map((item) => `- \`${item}\``);
}

function overview(plan: CorpusPlan, facts: ReadmeFacts, command: string): string[] {
  const dates = plan.feeds.flatMap((f) => f.episodes.map((e) => e.publishedMs));
  const sameDay =
    plan.feeds.length > 1
      ? '; the newest episodes of feeds 1 and 2 (and 3 and 4, …) share a day'
      : '';
  const layout =
    plan.layout === 'flat'
      ? 'flat `metadata/` + `transcripts/` at the root'
      : '`feeds/<feed-dir>/run_<YYYYMMDD-HHMMSS>_<8hex>/{metadata,transcripts}/`, stems `NNNN - <title>_<run suffix>`';
  return [
    '# Generated podcast corpus',
    '',
    `Written by \`${command}\`. Do not edit by hand: regenerate instead (same arguments, byte-identical output, file times included).`,
    'Every show, person, organisation and quote here is invented.',
    '',
    `- ${facts.feeds} feeds, ${facts.runs} runs, ${facts.episodes} distinct episodes in ${facts.metadataFiles} metadata files.`,
    `- Episodes published ${isoDay(Math.min(...dates))} to ${isoDay(Math.max(...dates))}${sameDay}.`,
    `- Layout: ${layout}.`,
  ];
}

function feedTable(plan: CorpusPlan): string[] {
  const art = (relpath: string | undefined) =>
    relpath ? (relpath.endsWith('.svg') ? 'SVG' : 'PNG') : 'none (remote `image_url` only)';
  return [
    '## Feeds',
    '',
    '| Show | Feed folder | Runs | Episodes | Local art |',
    '|---|---|---|---|---|',
    ...plan.feeds.map(
      (f) =>
        `| ${f.title} | \`${f.dirName}\` | ${f.runs.length} | ${f.episodes.length} | ${art(f.art?.relpath)} |`,
    ),
  ];
}

const PER_EPISODE = [
  '## Per-episode files',
  '',
  '- `metadata/<stem>.metadata.json`: feed, episode, content, processing (schema 1.0.0), summary, grounded_insights, knowledge_graph blocks.',
  '- `metadata/<stem>.gi.json` (GI), `.kg.json` (KG lineage 2.0), `.bridge.json` (pipeline bridge 1.0).',
  '- `metadata/enrichments/<stem>.insight_sentiment.json` and `.insight_density.json`.',
  '- `transcripts/<stem>.txt` (`Name: text` lines) and `.segments.json`; about a third also have `.adfree.txt`, `.adfree.segments.json`, `.adfree.admap.json` (sponsor reads cut out); a few have `.cleaned.txt`.',
  '- Every GI quote equals `transcript.slice(char_start, char_end)` of the raw `.txt`, and its timestamps are those of the segment that holds it.',
];

function giAndDedup(plan: CorpusPlan, facts: ReadmeFacts): string[] {
  const twoRunFeeds = plan.feeds.filter((f) => f.runs.length > 1).map((f) => f.title);
  const dedup =
    twoRunFeeds.length === 0
      ? ['No feed has a second run in a corpus this size.']
      : [
          `${twoRunFeeds.join(', ')}: a second, newer run re-processes episodes of the first run (same feed_id and episode_id) and adds new ones. Readers must keep the newest run's copy of:`,
          '',
          ...listOrNone(facts.duplicatedEpisodeIds),
        ];
  return [
    '## GI lineages',
    '',
    'Most GI files use the current pipeline lineage `3.1` (Person speakers, insight_type, position_hint, salience, rank, tier, routing_tag, surfaceable). These files use the strict `1.0` form of document 1 (Speaker nodes, no extra properties):',
    '',
    ...listOrNone(facts.strictGiFiles),
    '',
    '## Deduplication',
    '',
    ...dedup,
  ];
}

function missingTable(facts: ReadmeFacts): string[] {
  return [
    '## Missing on purpose',
    '',
    '| Gap | Episode | Metadata file |',
    '|---|---|---|',
    ...facts.missing.map(
      (m) =>
        `| ${MISSING_DESCRIPTIONS[m.kind]} | ${m.feed_title}: ${m.episode_title} | \`${m.metadata_relpath}\` |`,
    ),
    '',
    'Also by design: the last feed has no local artwork, and `viewer_operator.yaml` is absent (the server seeds it).',
  ];
}

function corpusFiles(facts: ReadmeFacts): string[] {
  return [
    '## Corpus-level files',
    '',
    '- `corpus_manifest.json` (1.1.0, with `cost_rollup`), `corpus_run_summary.json` (1.2.0), `feeds.spec.yaml`, `run.json` in every run folder.',
    '- `search/query_log.jsonl` (three weeks of search events) and `search/topic_clusters.json` (semantic topic clusters, `tc:` ids).',
    '- `enrichments/`: `grounding_rate`, `guest_coappearance`, `temporal_velocity`, `topic_cooccurrence_corpus`, `topic_theme_clusters` (storylines, `thc:` ids) with status ok; `topic_consensus` with status failed and null data; `run_summary.json`.',
    `- \`.podcast_scraper/corpus-art/sha256/…\`: ${facts.artFiles.length} images (feed covers and a few episode covers).`,
  ];
}

/** The generated corpus's own README: what is there, and what is missing on purpose. */
export function buildCorpusReadme(plan: CorpusPlan, facts: ReadmeFacts, command: string): string {
  const sections = [
    overview(plan, facts, command),
    feedTable(plan),
    PER_EPISODE,
    giAndDedup(plan, facts),
    missingTable(facts),
    corpusFiles(facts),
  ];
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
