import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createCorpusCaches } from '../caches/corpus-caches.js';
import {
  loadTopicOverlays,
  THEME_CLUSTERS_RELPATH,
  TOPIC_CLUSTERS_RELPATH,
} from './topic-overlay-files.js';

const caches = createCorpusCaches();

const themes = (label: string) =>
  JSON.stringify({
    clusters: [
      {
        graph_compound_parent_id: 'tc:t',
        canonical_label: label,
        members: [{ topic_id: 'topic:a' }],
      },
    ],
  });

const storylines = JSON.stringify({
  status: 'ok',
  data: {
    clusters: [
      {
        graph_compound_parent_id: 'thc:s',
        canonical_label: 'Story',
        members: ['topic:a', 'topic:b', 'topic:c', 'topic:d'].map((topic_id) => ({ topic_id })),
      },
    ],
  },
});

describe('loadTopicOverlays', () => {
  let root: string;
  let outside: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'overlays-'));
    outside = await mkdtemp(path.join(tmpdir(), 'overlays-out-'));
    await mkdir(path.join(root, 'search'));
    await mkdir(path.join(root, 'enrichments'));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('reads both files and re-reads a file after it changes', async () => {
    const themesFile = path.join(root, TOPIC_CLUSTERS_RELPATH);
    await writeFile(themesFile, themes('First'));
    await writeFile(path.join(root, THEME_CLUSTERS_RELPATH), storylines);
    const first = await loadTopicOverlays({ root, caches });
    expect(first.themes.get('topic:a')?.label).toBe('First');
    expect(first.storylines.get('topic:d')).toEqual({ id: 'thc:s', label: 'Story', size: 4 });

    await writeFile(themesFile, themes('Second, longer'));
    await utimes(themesFile, new Date(), new Date(Date.now() + 5000));
    expect((await loadTopicOverlays({ root, caches })).themes.get('topic:a')?.label).toBe(
      'Second, longer',
    );
  });

  it('gives empty indexes when the files are missing or unreadable', async () => {
    await writeFile(path.join(root, TOPIC_CLUSTERS_RELPATH), '{ half');
    const overlays = await loadTopicOverlays({ root, caches });
    expect(overlays.themes.size).toBe(0);
    expect(overlays.storylines.size).toBe(0);
  });

  it('ignores a cluster file that is a symlink out of the corpus', async () => {
    const target = path.join(outside, 'topic_clusters.json');
    await writeFile(target, themes('Outside'));
    await symlink(target, path.join(root, TOPIC_CLUSTERS_RELPATH));
    expect((await loadTopicOverlays({ root, caches })).themes.size).toBe(0);
  });

  it('gives no storyline overlay for a theme-cluster envelope whose status is not ok', async () => {
    const failed = JSON.parse(storylines);
    failed.status = 'failed';
    await writeFile(path.join(root, THEME_CLUSTERS_RELPATH), JSON.stringify(failed));
    expect((await loadTopicOverlays({ root, caches })).storylines.size).toBe(0);
  });
});
