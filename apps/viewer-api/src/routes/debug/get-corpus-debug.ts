import { CorpusDebugResponse } from '@podcast/contracts';
import { corpusCacheStats } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getCorpusDebug = defineRoute({
  method: 'get',
  path: '/api/debug/corpus',
  summary: "This server's CPU time, its corpus roots' change detection and its caches",
  description:
    'Operator-only: the process CPU time since start (a client samples it twice to get a load ' +
    'figure) and, per corpus root held, its episode count, whether a watcher runs, and how many ' +
    'syncs and directory stats change detection has cost; and each side-file cache with its ' +
    "entries and bytes against its bounds; and the persisted projection's counters. The same " +
    'root and cache figures are logged after every full rescan.',
  tags: ['operator'],
  auth: 'operator',
  responses: { 200: CorpusDebugResponse },
  handler: ({ ctx }) => {
    const cpu = process.cpuUsage();
    return {
      process: {
        cpu_user_us: cpu.user,
        cpu_system_us: cpu.system,
        rss_bytes: process.memoryUsage.rss(),
        uptime_s: process.uptime(),
      },
      roots: ctx.corpus.describe().map((root) => ({
        root: root.root,
        episodes: root.episodes,
        watching: root.watching,
        watched_dirs: root.watchedDirs,
        syncs: root.syncs,
        dirs_statted: root.dirsStatted,
        last_full_scan_at: root.lastFullScanAt,
        derived_values: root.derivedValues,
        pooled_strings: root.pooledStrings,
        packed_artifacts: root.packedArtifacts,
        packed_bytes: root.packedBytes,
        layers_loading: root.layersLoading,
        view_of: root.viewOf ?? null,
      })),
      caches: corpusCacheStats(ctx.corpus.caches).map((cache) => ({
        name: cache.name,
        entries: cache.entries,
        bytes: cache.bytes,
        max_entries: cache.maxEntries,
        max_bytes: cache.maxBytes,
        hits: cache.hits,
        misses: cache.misses,
      })),
      projection: ctx.corpus.projection(),
    };
  },
});
