import { ByteReader } from './bytes.js';
import type { ValueReader } from './value-codec.js';

/**
 * A GI, KG or bridge value that a restart took from the projection without
 * building it. The restart checks its bytes (`ValueReader.skip`) and keeps
 * them; the value is built the first time something asks for it (a detail
 * route, the graph index, a save), so the first snapshot after a restart is
 * published before 300,000 graphs are decoded at 100,000 episodes, and the
 * layers nobody reads stay as bytes, outside the JS heap. Once built, the
 * bytes and the reader are let go.
 */
export class PackedValue {
  private frame: Buffer | undefined;
  private reader: ValueReader | undefined;
  private value: unknown;

  /** `frame` holds the value's `length` bytes at `at`; `reader` has read every table entry it names. */
  constructor(
    frame: Buffer,
    private readonly at: number,
    readonly length: number,
    reader: ValueReader,
  ) {
    this.frame = frame;
    this.reader = reader;
  }

  /** Whether the value is still bytes. */
  get isPacked(): boolean {
    return this.frame !== undefined;
  }

  /** The value, built on the first call and kept. */
  unpack(): unknown {
    if (this.isPacked) {
      this.value = this.peek();
      this.frame = undefined;
      this.reader = undefined;
    }
    return this.value;
  }

  /** The value, built again and not kept while it is still bytes (for a save, which reads each once). */
  peek(): unknown {
    return this.frame === undefined || this.reader === undefined
      ? this.value
      : this.reader.read(new ByteReader(this.frame, this.at));
  }
}

/** How many tracked values are still bytes, and how many bytes they hold. */
export function packedCounts(values: Iterable<{ value: unknown }>): {
  values: number;
  bytes: number;
} {
  let count = 0;
  let bytes = 0;
  for (const { value } of values) {
    if (value instanceof PackedValue && value.isPacked) {
      count++;
      bytes += value.length;
    }
  }
  return { values: count, bytes };
}

/** `value` itself, or the value a packed one holds (built and kept). */
export function unpacked<T>(value: T | PackedValue): T {
  return value instanceof PackedValue ? (value.unpack() as T) : value;
}
