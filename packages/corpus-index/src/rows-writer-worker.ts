import { parentPort, workerData } from 'node:worker_threads';
import { inWriteTransaction } from './dialect.js';
import type { EpisodeRows } from './episode-rows.js';
import { openIndexConnection } from './index-file.js';
import { forgetEpisodes, type WriteOptions, writeEpisodesRows } from './write-batch.js';

// Writes a first build's episode rows for the ingest on the main thread (rows-writer.ts).
// Messages come one at a time: the main thread posts a batch only after the last one's answer.
const { file, unsynced, options } = workerData as {
  file: string;
  unsynced: boolean;
  options: WriteOptions;
};
const connection = openIndexConnection(file);
if (unsynced) {
  connection.raw.pragma('synchronous = OFF');
}

parentPort?.on('message', (message: { gone: string[]; written: EpisodeRows[] } | 'close') => {
  if (message === 'close') {
    void connection.close().finally(() => parentPort?.close());
    return;
  }
  inWriteTransaction(connection.db, async (trx) => {
    await forgetEpisodes(trx, message.gone);
    await writeEpisodesRows(trx, message.written, options);
  }).then(
    () => parentPort?.postMessage({}),
    (err: unknown) => parentPort?.postMessage({ error: (err as Error).message ?? String(err) }),
  );
});
