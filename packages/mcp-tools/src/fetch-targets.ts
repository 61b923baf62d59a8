/**
 * What the `fetch` tool reads, named by the ids `search` answers: an
 * episode, one of its insights, or a range of its transcript. Slugs are
 * `[a-z0-9-]`, so `/` separates the parts; an insight id is the rest.
 */
export type FetchTarget =
  | { kind: 'episode'; slug: string }
  | { kind: 'insight'; slug: string; insightId: string }
  | { kind: 'transcript'; slug: string; startMs: number; endMs: number };

/** The longest transcript range one fetch answers: a few minutes of talk, not a whole episode. */
export const TRANSCRIPT_RANGE_MAX_MS = 15 * 60_000;

export function fetchIdOf(target: FetchTarget): string {
  switch (target.kind) {
    case 'episode':
      return `episode/${target.slug}`;
    case 'insight':
      return `insight/${target.slug}/${target.insightId}`;
    case 'transcript':
      return `transcript/${target.slug}/${target.startMs}-${target.endMs}`;
  }
}

const SLUG = '([a-z0-9][a-z0-9-]{0,199})';

/** The target an id names, or undefined when it is not one of ours. */
export function parseFetchId(id: string): FetchTarget | undefined {
  const episode = new RegExp(`^episode/${SLUG}$`).exec(id);
  if (episode?.[1]) {
    return { kind: 'episode', slug: episode[1] };
  }
  const insight = new RegExp(`^insight/${SLUG}/(.{1,200})$`).exec(id);
  if (insight?.[1] && insight[2]) {
    return { kind: 'insight', slug: insight[1], insightId: insight[2] };
  }
  const range = new RegExp(`^transcript/${SLUG}/(\\d{1,9})-(\\d{1,9})$`).exec(id);
  if (range?.[1] && range[2] && range[3]) {
    return {
      kind: 'transcript',
      slug: range[1],
      startMs: Number(range[2]),
      endMs: Number(range[3]),
    };
  }
  return undefined;
}
