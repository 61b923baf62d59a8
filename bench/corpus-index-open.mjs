// Child process for the corpus-index bench: one open of one store, from
// process start to its first answer (the newest 50 catalog cards), as JSON.
//   projection <root> [cacheDir]: today's registry (with cacheDir: its saved projection)
//   build <root> <file>: a first build of the SQLite index (catalog_ms: its catalog pass
//     committed), then its first answer
//   index <root> <file>: an existing index opened read-only
//   read <root>: every file a first build reads, read and parsed once on one thread (its floor)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  artifactKindOf,
  catalogItemOf,
  catalogPage,
  createCorpusRegistry,
  isMetadataFileName,
  isSentimentSidecarName,
} from '@podcast/corpus';
import {
  episodeListFromIndex,
  ingestCorpus,
  openIndexReader,
  openIndexWriter,
} from '@podcast/corpus-index';
import { pino } from 'pino';

// Module loading ends here: @podcast/corpus alone takes most of it, for both stores.
const importedMs = performance.now();
const [mode, root, path] = process.argv.slice(2);
const logger = pino({ level: 'silent' });
const FIRST = { page: 1, page_size: 50 };
// performance.now() counts from the process's time origin, so module loading is included.
const fromStart = () => Math.round(performance.now());

async function fromProjection() {
  const registry = createCorpusRegistry({
    logger,
    watch: false,
    firstLoadWaitMs: 600_000,
    ...(path ? { cacheDir: path } : {}),
  });
  const snapshot = await registry.get(root);
  const { episodes } = catalogPage(snapshot, {}, { page: 1, pageSize: 50 });
  const items = episodes.map((e) => catalogItemOf(e, snapshot.findFeed(e.feed_id)));
  const answeredMs = fromStart();
  if (path) {
    await registry.warm(root);
    await registry.persist(root);
  }
  registry.close();
  return { first_answer_ms: answeredMs, items: items.length };
}

async function fromIndex(build) {
  let buildMs = null;
  let catalogMs = null;
  let files = null;
  let writtenBehind = null;
  if (build) {
    const writer = await openIndexWriter(path, logger);
    const started = performance.now();
    // When the catalog pass has committed: readers list episodes from then on.
    const beforeLayers = async () => {
      catalogMs = Math.round(performance.now() - started);
    };
    ({ files, episodesWrittenBehind: writtenBehind } = await ingestCorpus({
      db: writer.db,
      file: path,
      root,
      logger,
      beforeLayers,
    }));
    buildMs = Math.round(performance.now() - started);
    await writer.close();
  }
  const reader = openIndexReader(path);
  const list = await episodeListFromIndex(reader.db, {}, FIRST);
  const answeredMs = fromStart();
  await reader.close();
  return {
    first_answer_ms: answeredMs,
    items: list.items.length,
    catalog_ms: catalogMs,
    build_ms: buildMs,
    files,
    ...(build ? { written_behind: writtenBehind } : {}),
  };
}

/** The files a first build reads (metadata, GI, KG, bridge, sentiment sidecars), read and parsed once. */
function readEveryFile() {
  const read = (name) =>
    isMetadataFileName(name) || isSentimentSidecarName(name) || artifactKindOf(name) !== undefined;
  const started = performance.now();
  let files = 0;
  let bytes = 0;
  for (const relpath of readdirSync(root, { recursive: true })) {
    const name = relpath.slice(relpath.lastIndexOf('/') + 1);
    if (read(name) && !relpath.split('/').some((part) => part.startsWith('.'))) {
      const text = readFileSync(join(root, relpath), 'utf8');
      // The generator writes JSON; a YAML metadata file is read, not parsed.
      if (name.endsWith('.json')) {
        JSON.parse(text);
      }
      files++;
      bytes += text.length;
    }
  }
  const readMs = Math.round(performance.now() - started);
  return { first_answer_ms: fromStart(), read_ms: readMs, files, mb: Math.round(bytes / 1e6) };
}

const row =
  mode === 'read'
    ? readEveryFile()
    : mode === 'projection'
      ? await fromProjection()
      : await fromIndex(mode === 'build');
row.after_imports_ms = Math.round(row.first_answer_ms - importedMs);
const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify({ ...row, peak_rss_mb: rssMb })}\n`);
