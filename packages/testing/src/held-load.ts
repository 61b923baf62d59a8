/**
 * A first corpus load held between its two reads: pass `beforeLayers` to
 * the registry (`beforeLayers` option); each load that reaches it is
 * recorded in `roots`, `reached` settles at the first, and every one waits
 * until `release()`.
 */
export interface HeldLoads {
  beforeLayers(root: string): Promise<void>;
  readonly roots: string[];
  readonly reached: Promise<void>;
  release(): void;
}

export function holdFirstLoads(): HeldLoads {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive = () => {};
  const reached = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const roots: string[] = [];
  return {
    roots,
    reached,
    release,
    async beforeLayers(root) {
      roots.push(root);
      arrive();
      await gate;
    },
  };
}
