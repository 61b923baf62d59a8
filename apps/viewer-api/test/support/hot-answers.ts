import { utimesSync, writeFileSync } from 'node:fs';

/** How often the app looks for a new index version (`onIndexChange`), with room for a slow machine. */
const QUIET_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until a hot answer has been made again in the background and the
 * remakes have settled: with no request in flight only a remake reads the
 * clock (its cache key and its handler, two reads). An ingest commits in
 * several transactions, so a look between two of them remakes the answer
 * for a version the ingest then replaces; the wait goes on until no read
 * came for longer than one look, when the last version has its answer.
 * Returns the reads seen; the caller resets its count before and asserts on it.
 */
export async function remakeClockReads(reads: () => number): Promise<number> {
  for (let waited = 0; reads() < 2 && waited < 3000; waited += 20) {
    await sleep(20);
  }
  for (let seen = reads(), rounds = 0; rounds < 5; rounds++) {
    await sleep(QUIET_MS);
    if (reads() === seen) {
      break;
    }
    seen = reads();
  }
  return reads();
}

/**
 * Writes a corpus file dated 10 s back: a file modified within the index's
 * racy window (2 s) is read again by its next rescans, each a commit that
 * would remake hot answers once more at a time the test does not choose.
 */
export function writeSettled(file: string, text: string): void {
  writeFileSync(file, text);
  const past = new Date(Date.now() - 10_000);
  utimesSync(file, past, past);
}
