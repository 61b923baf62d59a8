import type { DerivedValues } from '../caches/derived-values.js';
import type { CorpusSnapshot } from './corpus-snapshot.js';
import { BACKGROUND_SLICE_MS, createTimeSlicer, type TimeSlicer } from './time-slicer.js';

/**
 * Derives a value once per snapshot. Snapshots are immutable and a refresh
 * makes a new one, so the value can never go stale and is dropped with it.
 */
export function perSnapshot<T, S extends Pick<CorpusSnapshot, 'derived'> = CorpusSnapshot>(
  build: (snapshot: S) => T,
  name = build.name,
): (snapshot: S) => T {
  const key = Symbol(name);
  return (snapshot) => snapshot.derived.derive(key, () => build(snapshot));
}

/**
 * Starts the build of a kept-warm value for a root's new snapshot; the
 * promise settles when it is built, or rejects with `BuildSuperseded` when
 * `superseded()` turned true before any request waited for it.
 */
type WarmUp = (snapshot: CorpusSnapshot, superseded: () => boolean) => Promise<unknown>;

const WARM_UPS = Symbol('warm_ups');

/** The kept-warm values of one root, with the roots whose snapshots were asked for each. */
function warmUpsOf(lasting: DerivedValues): Map<WarmUp, Set<string>> {
  return lasting.derive(WARM_UPS, () => new Map<WarmUp, Set<string>>());
}

/** A warm-up stopped because a newer snapshot replaced its own before anyone asked for it. */
export class BuildSuperseded extends Error {
  constructor() {
    super('a newer snapshot replaced this one before its value was asked for');
    this.name = 'BuildSuperseded';
  }
}

/** One build of a value: `awaited` once a request waits for it (it then always finishes). */
interface Build<T> {
  promise: Promise<T>;
  awaited: boolean;
}

/**
 * A value derived per snapshot by an async build that yields to the event
 * loop between slices (`slicer`), so requests keep flowing while a large
 * corpus's index is built. Callers of one snapshot share one build; a
 * failed build is dropped and tried again by the next caller.
 *
 * Once a root's snapshot was asked for it, the value is kept warm: the
 * registry starts its build for each later snapshot of that root as soon as
 * the snapshot is published (`warmUpSnapshot`), not on the next request. A
 * warm build nobody waits for stops at its next slice once a newer snapshot
 * replaced its own, so a burst of changes does not pile up builds.
 */
export function perSnapshotInSlices<T>(
  build: (snapshot: CorpusSnapshot, slicer: TimeSlicer) => Promise<T>,
  name: string,
): (snapshot: CorpusSnapshot) => Promise<T> {
  const key = Symbol(name);
  const start = (snapshot: CorpusSnapshot, superseded?: () => boolean): Build<T> => {
    const slices = createTimeSlicer(BACKGROUND_SLICE_MS);
    let running: Build<T> | undefined; // set before the build's first slice ends
    const slicer: TimeSlicer = {
      async yieldIfDue() {
        await slices.yieldIfDue();
        if (running?.awaited !== true && superseded?.() === true) {
          throw new BuildSuperseded();
        }
      },
    };
    const promise = build(snapshot, slicer).catch((err: unknown) => {
      snapshot.derived.forget(key);
      throw err;
    });
    running = { promise, awaited: false };
    return running;
  };
  const warm: WarmUp = (snapshot, superseded) =>
    snapshot.derived.derive(key, () => start(snapshot, superseded)).promise;
  return (snapshot) => {
    const roots = warmUpsOf(snapshot.lasting);
    roots.set(warm, (roots.get(warm) ?? new Set<string>()).add(snapshot.root));
    const running = snapshot.derived.derive(key, () => start(snapshot));
    running.awaited = true;
    return running.promise;
  };
}

/**
 * Starts, in the background, the builds of the values kept warm for this
 * snapshot's root (see `perSnapshotInSlices`); `superseded` says when a
 * newer snapshot replaced this one. A failure is reported to `onError` (the
 * value is then built again on its next request); a stopped build is not.
 */
export function warmUpSnapshot(
  snapshot: CorpusSnapshot,
  superseded: () => boolean,
  onError: (err: unknown) => void,
): void {
  for (const [warm, roots] of warmUpsOf(snapshot.lasting)) {
    if (roots.has(snapshot.root)) {
      warm(snapshot, superseded).catch((err: unknown) => {
        if (!(err instanceof BuildSuperseded)) {
          onError(err);
        }
      });
    }
  }
}
