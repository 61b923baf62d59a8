/** How many groups hold each id and each unordered pair of ids (pairs keyed `a\u0000b`, a < b). */
export function countPairs(groups: ReadonlyArray<readonly string[]>): {
  single: Map<string, number>;
  pairs: Map<string, number>;
} {
  const single = new Map<string, number>();
  const pairs = new Map<string, number>();
  for (const group of groups) {
    const ids = [...new Set(group)].sort();
    ids.forEach((a, i) => {
      single.set(a, (single.get(a) ?? 0) + 1);
      for (const b of ids.slice(i + 1)) {
        pairs.set(`${a}\u0000${b}`, (pairs.get(`${a}\u0000${b}`) ?? 0) + 1);
      }
    });
  }
  return { single, pairs };
}

export function splitPair(key: string): [string, string] {
  return key.split('\u0000') as [string, string];
}

/** Connected groups of the pair graph, each sorted, in order of their smallest id. */
export function connectedGroups(ids: readonly string[], pairKeys: Iterable<string>): string[][] {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while ((parent.get(root) ?? root) !== root) {
      root = parent.get(root) ?? root;
    }
    return root;
  };
  for (const key of pairKeys) {
    const [a, b] = splitPair(key);
    parent.set(find(b), find(a));
  }
  const groups = new Map<string, string[]>();
  for (const id of [...ids].sort()) {
    const root = find(id);
    groups.set(root, [...(groups.get(root) ?? []), id]);
  }
  return [...groups.values()];
}
