/*
 * The byte layer of a projection frame: unsigned varints (7 bits a byte,
 * low bits first, up to 2^53), little-endian float64s, and UTF-8 texts
 * prefixed with their byte length. The reader refuses to run past its
 * frame: a length that claims more bytes than are left throws
 * `ProjectionBytesError`, so a damaged frame can make the file corrupt but
 * never a huge allocation or a value read out of another frame's bytes.
 */

export class ProjectionBytesError extends Error {}

/** `Buffer.prototype.utf8Slice`, which `toString('utf8', start, end)` calls; Node's types leave it out. */
type Utf8Slicing = Buffer & { utf8Slice(start: number, end: number): string };

const HAS_UTF8_SLICE = typeof (Buffer.prototype as Partial<Utf8Slicing>).utf8Slice === 'function';

const TWO_POW_28 = 2 ** 28;
const TWO_POW_7 = 2 ** 7;

/** A growable buffer written front to back; `view()` is valid until the next write or `reset()`. */
export class ByteWriter {
  private buffer: Buffer;
  private at = 0;

  constructor(initialBytes = 1 << 16) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
  }

  reset(): void {
    this.at = 0;
  }

  /** The bytes written so far (a view, not a copy). */
  view(): Buffer {
    return this.buffer.subarray(0, this.at);
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) {
      return;
    }
    let size = this.buffer.length * 2;
    while (size < this.at + bytes) {
      size *= 2;
    }
    const next = Buffer.allocUnsafe(size);
    this.buffer.copy(next, 0, 0, this.at);
    this.buffer = next;
  }

  byte(value: number): void {
    this.room(1);
    this.buffer[this.at++] = value;
  }

  /** A non-negative safe integer. */
  uint(value: number): void {
    this.room(8);
    if (value < TWO_POW_7) {
      this.buffer[this.at++] = value;
      return;
    }
    let rest = value;
    while (rest >= TWO_POW_7) {
      this.buffer[this.at++] = (rest % TWO_POW_7) | 0x80;
      rest = Math.floor(rest / TWO_POW_7);
    }
    this.buffer[this.at++] = rest;
  }

  float(value: number): void {
    this.room(8);
    this.buffer.writeDoubleLE(value, this.at);
    this.at += 8;
  }

  text(value: string): void {
    const most = value.length * 3;
    if (most < TWO_POW_7) {
      // One length byte is enough whatever the UTF-8 length: write it after the text.
      this.room(1 + most);
      const written = this.buffer.write(value, this.at + 1, 'utf8');
      this.buffer[this.at] = written;
      this.at += 1 + written;
      return;
    }
    const bytes = Buffer.byteLength(value, 'utf8');
    this.uint(bytes);
    this.room(bytes);
    this.at += this.buffer.write(value, this.at, 'utf8');
  }

  /** A count, then each text. */
  texts(values: readonly string[]): void {
    this.uint(values.length);
    for (const value of values) {
      this.text(value);
    }
  }

  bytes(value: Uint8Array): void {
    this.room(value.length);
    this.buffer.set(value, this.at);
    this.at += value.length;
  }
}

/** Reads one frame's bytes front to back. */
export class ByteReader {
  /** `at`: where in `buffer` to start (a value kept packed is read again from its own offset). */
  constructor(
    private readonly buffer: Buffer,
    private at = 0,
  ) {}

  get done(): boolean {
    return this.at >= this.buffer.length;
  }

  /** The offset of the next byte. */
  get position(): number {
    return this.at;
  }

  /** Steps over `length` bytes, refusing to run past the end. */
  skip(length: number): void {
    if (length > this.buffer.length - this.at) {
      throw new ProjectionBytesError('a frame ends inside a value');
    }
    this.at += length;
  }

  /** Steps over what `text` would read. */
  skipText(): void {
    const length = this.count(); // read first: it moves `at` past the length itself
    this.at += length;
  }

  byte(): number {
    if (this.at >= this.buffer.length) {
      throw new ProjectionBytesError('a frame ends inside a value');
    }
    return this.buffer[this.at++] as number;
  }

  uint(): number {
    const first = this.byte();
    if (first < 0x80) {
      return first;
    }
    let value = first & 0x7f;
    let scale = TWO_POW_7;
    for (;;) {
      const next = this.byte();
      value += (next & 0x7f) * scale;
      if (next < 0x80) {
        return value;
      }
      scale *= TWO_POW_7;
      if (scale > TWO_POW_28 * TWO_POW_28) {
        throw new ProjectionBytesError('a number in a frame is too long');
      }
    }
  }

  /** A count of items that each take at least one byte: never more than the bytes left. */
  count(): number {
    const value = this.uint();
    if (value > this.buffer.length - this.at) {
      throw new ProjectionBytesError(`a frame claims ${value} items past its end`);
    }
    return value;
  }

  float(): number {
    if (this.at + 8 > this.buffer.length) {
      throw new ProjectionBytesError('a frame ends inside a number');
    }
    const value = this.buffer.readDoubleLE(this.at);
    this.at += 8;
    return value;
  }

  text(): string {
    const bytes = this.count();
    const start = this.at;
    this.at += bytes;
    // Buffer's own decoder, without toString's checks of its arguments (these are checked above).
    return HAS_UTF8_SLICE
      ? (this.buffer as Utf8Slicing).utf8Slice(start, this.at)
      : this.buffer.toString('utf8', start, this.at);
  }

  /** What `ByteWriter.texts` wrote. */
  texts(): string[] {
    const values: string[] = new Array(this.count());
    for (let i = 0; i < values.length; i++) {
      values[i] = this.text();
    }
    return values;
  }
}
