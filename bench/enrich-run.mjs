// One `enrich` run in a fresh process over a corpus given on the command
// line, every registered (deterministic) enricher on; prints the wall time,
// the peak RSS and the per-enricher outcome as one JSON line.
import { EnricherRegistry, enrichCorpus, systemClock } from '@podcast/enrichment';
import { pino } from 'pino';

const root = process.argv[2];
const registry = new EnricherRegistry();
const started = performance.now();
const { summary } = await enrichCorpus(
  {
    corpusRoot: root,
    selection: { only: registry.list().map((e) => e.manifest.id) },
    jobId: null,
    parentRunId: null,
  },
  {
    registry,
    logger: pino({ level: 'silent' }),
    clock: systemClock,
    random: Math.random,
    signal: new AbortController().signal,
  },
);
const wallMs = Math.round(performance.now() - started);
process.stdout.write(
  `${JSON.stringify({
    wall_ms: wallMs,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    status: summary.status,
    records: Object.values(summary.per_enricher).reduce((n, e) => n + e.records_written, 0),
  })}\n`,
);
