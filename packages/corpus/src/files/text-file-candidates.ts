/**
 * The files `GET /api/corpus/text-file` tries, in order (spec 01, spec 04 §8):
 * a missing ad-free transcript degrades to the raw one; `.txt` and
 * `.cleaned.txt` stand in for each other. Only `.txt` names have stand-ins.
 */
export function textFileCandidates(relpath: string): string[] {
  if (!relpath.endsWith('.txt')) {
    return [relpath];
  }
  const base = relpath.slice(0, -'.txt'.length);
  if (base.endsWith('.adfree')) {
    const raw = base.slice(0, -'.adfree'.length);
    return [relpath, `${raw}.txt`, `${raw}.cleaned.txt`];
  }
  if (base.endsWith('.cleaned')) {
    return [relpath, `${base.slice(0, -'.cleaned'.length)}.txt`];
  }
  return [relpath, `${base}.cleaned.txt`];
}
