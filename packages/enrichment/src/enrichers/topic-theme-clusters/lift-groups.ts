import { countPairs } from '../pair-counts.js';

/** How often ids (topics, or clusters of them) share an episode. */
export interface Cooccurrence {
  /** Episodes holding at least one id. */
  total: number;
  single: Map<string, number>;
  pairs: Map<string, number>;
}

export function cooccurrenceOf(groups: ReadonlyArray<readonly string[]>): Cooccurrence {
  const withIds = groups.filter((group) => group.length > 0);
  return { total: withIds.length, ...countPairs(withIds) };
}

/** Episodes holding both a and b. */
export function pairCount(c: Cooccurrence, a: string, b: string): number {
  return c.pairs.get(a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`) ?? 0;
}

/** P(a and b) / (P(a) P(b)) over the episodes; 0 when they never meet. */
export function liftOf(c: Cooccurrence, a: string, b: string): number {
  const both = pairCount(c, a, b);
  return both === 0 ? 0 : (both * c.total) / ((c.single.get(a) ?? 1) * (c.single.get(b) ?? 1));
}

export interface GroupingRules {
  minCooccurrence: number;
  minLift: number;
  minMembers: number;
  maxMembers: number;
}

/** Per id, the ids it meets often enough and above the lift floor: highest lift first. */
function neighboursOf(c: Cooccurrence, ids: ReadonlySet<string>, rules: GroupingRules) {
  const near = new Map<string, { id: string; lift: number; count: number }[]>();
  for (const [key, count] of c.pairs) {
    const [a, b] = key.split('\u0000') as [string, string];
    const lift = liftOf(c, a, b);
    if (count < rules.minCooccurrence || lift < rules.minLift || !ids.has(a) || !ids.has(b)) {
      continue;
    }
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = near.get(from) ?? [];
      list.push({ id: to, lift, count });
      near.set(from, list);
    }
  }
  for (const list of near.values()) {
    list.sort((x, y) => y.lift - x.lift || y.count - x.count || (x.id < y.id ? -1 : 1));
  }
  return near;
}

/** Mean lift of `id` with each member; a member it never meets counts 0. */
export function meanLiftTo(c: Cooccurrence, id: string, members: readonly string[]): number {
  const others = members.filter((other) => other !== id);
  const total = others.reduce((sum, other) => sum + liftOf(c, id, other), 0);
  return others.length === 0 ? 0 : total / others.length;
}

/** Adds, one at a time, the free neighbour with the highest mean lift to the group (average linkage). */
function grow(
  c: Cooccurrence,
  members: string[],
  near: ReturnType<typeof neighboursOf>,
  taken: ReadonlySet<string>,
  rules: GroupingRules,
): void {
  while (members.length < rules.maxMembers) {
    let best: { id: string; lift: number } | undefined;
    const seen = new Set(members);
    for (const member of members) {
      for (const { id } of near.get(member) ?? []) {
        if (taken.has(id) || seen.has(id)) {
          continue;
        }
        seen.add(id);
        const lift = meanLiftTo(c, id, members);
        if (lift >= rules.minLift && (best === undefined || lift > best.lift)) {
          best = { id, lift };
        }
      }
    }
    if (best === undefined) {
      return;
    }
    members.push(best.id);
  }
}

/**
 * Groups ids that meet more often than chance, deterministically: the
 * strongest free link (episodes shared × log2 lift) seeds a group, which
 * then takes the free id of highest mean lift to its members while that
 * stays at minLift or above, up to maxMembers. With minMembers 1 every id
 * left alone is a group of its own.
 */
export function liftGroups(c: Cooccurrence, ids: readonly string[], rules: GroupingRules) {
  const near = neighboursOf(c, new Set(ids), rules);
  const seeds = [...near.entries()]
    .flatMap(([a, list]) => list.filter((n) => a < n.id).map((n) => ({ a, b: n.id, ...n })))
    .map((link) => ({ ...link, strength: link.count * Math.log2(link.lift) }))
    .sort((x, y) => y.strength - x.strength || (x.a + x.b < y.a + y.b ? -1 : 1));
  const taken = new Set<string>();
  const groups: string[][] = [];
  for (const { a, b } of seeds) {
    if (!taken.has(a) && !taken.has(b)) {
      const members = [a, b];
      grow(c, members, near, taken, rules);
      for (const id of members) {
        taken.add(id);
      }
      groups.push(members);
    }
  }
  const alone = ids.filter((id) => !taken.has(id)).map((id) => [id]);
  return [...groups, ...alone].filter((group) => group.length >= rules.minMembers);
}
