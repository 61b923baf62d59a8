// Overlay feeds: the feed of one show with 5,000 episodes, made
// and streamed on every request, against the bare express route of the
// same run. Requests ask for gzip, as podcast apps do.
import { get } from 'node:http';
import { createTestDatabase } from '@podcast/testing';
import { compare, startConsumer, stopProcess, timeUntil } from './lib.mjs';

const APP_HEADERS = { 'accept-encoding': 'gzip' };

/** Bytes of one answer as sent (gzip, counted before any decoding) and as written (identity). */
function bytesOf(url, coding) {
  return new Promise((done, reject) => {
    get(url, { headers: { 'accept-encoding': coding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => done(Math.round(bytes / 1024)));
    }).on('error', reject);
  });
}

export async function feedsBench(root, bareUrl, { duration }) {
  const database = await createTestDatabase();
  const { base, child } = await startConsumer(
    root,
    database,
    { APP_ENV: 'development' },
    '/api/app/episodes?page_size=1',
  );
  try {
    const shows = (await (await fetch(`${base}/api/app/podcasts`)).json()).items;
    const show = shows.find((item) => item.episode_count >= 5000) ?? shows[0];
    const url = `${base}/api/app/feeds/${encodeURIComponent(show.feed_id)}/podcast.xml`;
    // A first load serves the episodes before their GI, KG and bridge files: 503 until then.
    await timeUntil(
      () => undefined,
      async () =>
        (await fetch(url).then((res) => res.arrayBuffer().then(() => res.status))) === 200,
      120_000,
    );
    const row = await compare(
      `GET /api/app/feeds/{feed_id}/podcast.xml (${show.episode_count} episodes, gzip)`,
      bareUrl,
      url,
      { duration, connections: 4, headers: APP_HEADERS, base: { headers: APP_HEADERS } },
    );
    return [
      { ...row, sent_kb: await bytesOf(url, 'gzip'), document_kb: await bytesOf(url, 'identity') },
    ];
  } finally {
    await stopProcess(child);
    await database.close();
  }
}
