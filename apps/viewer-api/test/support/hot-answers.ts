/**
 * Waits up to 3 s until a hot answer has been made again in the background:
 * with no request in flight only its remake reads the clock (its cache key
 * and its handler, two reads). Returns the reads seen; the caller resets
 * its count before and asserts on it.
 */
export async function remakeClockReads(reads: () => number): Promise<number> {
  for (let waited = 0; reads() < 2 && waited < 3000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seen = reads();
  // The remake's entry is stored after its handler returns.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return seen;
}
