import { createHash } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { ByteReader, ByteWriter } from './bytes.js';

/*
 * The on-disk form of a corpus projection: what the loader parsed, keyed by
 * the file versions it was parsed from, so a restart re-reads only files
 * whose (mtime, size) moved. Layout:
 *
 *   u32 header length | header JSON | frame* | end frame
 *   frame = u32 payload length | u32 CRC-32 of the payload | payload
 *   payload = 1 | rows, as the store's `FrameCodec` writes them
 *           | 2 | varint row count (the end frame)
 *
 * A wrong magic, format or root makes the file stale; a bad length or CRC,
 * a frame the codec cannot read, a missing end frame or a row count that
 * differs makes it corrupt. Neither is ever served.
 */

export const PROJECTION_MAGIC = 'podcast-corpus-projection';
/** Bumped whenever the rows or the values the loader keeps change shape. */
export const PROJECTION_FORMAT = 8;
/**
 * Rows per frame, at most. Each frame is encoded in one piece between
 * pauses, so a frame must fit inside one of the loader's slices; four times
 * as many rows would outlast it.
 */
const ROWS_PER_FRAME = 128;
/**
 * The encoding time a frame aims at. Rows differ in size (a GI value with
 * many insights against a listing), and so does the machine: a frame of
 * large rows can take far longer than a slice, and a request waiting behind
 * it waits as long. The next frame takes
 * half the rows after a frame over this budget, twice as many (up to
 * `ROWS_PER_FRAME`) after one under a quarter of it.
 */
const FRAME_BUDGET_MS = 6;

/** How many rows the next frame takes, after `rows` rows took `spentMs` to encode. */
export function nextFrameRows(rows: number, spentMs: number): number {
  if (spentMs > FRAME_BUDGET_MS) {
    return Math.max(1, rows >> 1);
  }
  return spentMs < FRAME_BUDGET_MS / 4 ? Math.min(ROWS_PER_FRAME, rows * 2) : rows;
}
/** A frame longer than this is taken as corruption (a frame holds 128 rows). */
const MAX_FRAME_BYTES = 1 << 30;

export interface ProjectionHeader {
  magic: string;
  format: number;
  root: string;
  saved_at: string;
}

/** Why a stored projection was not used. */
export type ProjectionMiss = 'absent' | 'stale' | 'corrupt';

export type ProjectionRead =
  | { ok: true; header: ProjectionHeader; rows: number }
  | { ok: false; miss: ProjectionMiss; reason: string };

/** The file a root's projection is kept in: one per root, named by a hash of its path. */
export function projectionFileOf(cacheDir: string, root: string): string {
  const key = createHash('sha256').update(root).digest('hex').slice(0, 24);
  return path.join(cacheDir, `${key}.projection`);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

const ROWS_FRAME = 1;
const END_FRAME = 2;

/** A frame's bytes: length, CRC, kind and body (copied: an encoder reuses its buffer). */
function frameBytes(kind: number, body: Buffer): Buffer {
  const head = Buffer.from([kind]);
  const length = u32(1 + body.length);
  const crc = u32(crc32(body, crc32(head)));
  return Buffer.concat([length, crc, head, body]);
}

/**
 * Frames are written to the file a megabyte at a time: since frames are cut
 * by encoding time, a save of 100,000 episodes makes tens of thousands of
 * small ones, and a write each cost a thread-pool round trip each.
 */
const WRITE_BYTES = 1 << 20;

function createFrameWriter(handle: FileHandle) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes > 0) {
      const bytes = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await handle.write(bytes);
    }
  };
  return {
    async frame(kind: number, body: Buffer): Promise<void> {
      const bytes = frameBytes(kind, body);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= WRITE_BYTES) {
        await flush();
      }
    },
    flush,
  };
}

/**
 * How a frame's rows become bytes, and back. The store's encoder and
 * decoder each keep their value tables across the frames of one file.
 */
export type EncodeFrame<Row> = (rows: Row[]) => Buffer;
/** Reads a frame's bytes, in file order, and returns its row count; throws on bytes it cannot read. */
export type DecodeFrame = (body: Buffer) => number;

/**
 * Writes the projection atomically (a temporary file in the same folder,
 * flushed, then renamed over the old one). `pause` runs between frames, so
 * a large projection is written in slices that leave requests room; each
 * frame's rows are encoded just before it is written.
 */
export async function writeProjectionFile<Row>(
  file: string,
  root: string,
  rows: readonly Row[],
  pause: () => Promise<void>,
  encode: EncodeFrame<Row>,
): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  let bytes = 0;
  try {
    const header: ProjectionHeader = {
      magic: PROJECTION_MAGIC,
      format: PROJECTION_FORMAT,
      root,
      saved_at: new Date().toISOString(),
    };
    const headerBytes = Buffer.from(JSON.stringify(header));
    await handle.write(Buffer.concat([u32(headerBytes.length), headerBytes]));
    const frames = createFrameWriter(handle);
    let perFrame = ROWS_PER_FRAME;
    for (let start = 0; start < rows.length; ) {
      const began = performance.now();
      const body = encode(rows.slice(start, start + perFrame));
      start += perFrame;
      perFrame = nextFrameRows(perFrame, performance.now() - began);
      bytes += body.length;
      await frames.frame(ROWS_FRAME, body);
      await pause();
    }
    const end = new ByteWriter(16);
    end.uint(rows.length);
    await frames.frame(END_FRAME, end.view());
    await frames.flush();
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw err;
  }
  await handle.close();
  await rename(temporary, file);
  return bytes;
}

async function readExactly(handle: FileHandle, length: number): Promise<Buffer | undefined> {
  const bytes = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(bytes, filled, length - filled, null);
    if (bytesRead === 0) {
      return undefined;
    }
    filled += bytesRead;
  }
  return bytes;
}

type ForwardReader = ReturnType<typeof createForwardReader>;

/**
 * Bytes asked of the file at once while frames are read: fewer thread-pool
 * round trips than a read per frame, and less garbage than multi-megabyte
 * chunks, whose buffers are held and joined (docs/decisions/corpus.md).
 */
const READ_AHEAD_BYTES = 1 << 20;

/**
 * Reads `[start, end)` of a file forward in chunks of `chunkBytes`, the next
 * chunk already on its way while the caller works on the bytes it was
 * given. A read per frame cost two thread-pool round trips for each of the
 * thousands of frames of a large projection, and the loader sat idle
 * through them.
 */
function createForwardReader(handle: FileHandle, start: number, end: number, chunkBytes: number) {
  let position = start;
  let pending: Buffer = Buffer.alloc(0);
  const nextChunk = (): Promise<Buffer> | undefined => {
    if (position >= end) {
      return undefined;
    }
    const size = Math.min(chunkBytes, end - position);
    const at = position;
    position += size;
    return handle
      .read(Buffer.allocUnsafe(size), 0, size, at)
      .then(({ bytesRead, buffer }) => buffer.subarray(0, bytesRead));
  };
  let coming = nextChunk();
  return {
    /** The next `length` bytes, or undefined when the file ends first. */
    async take(length: number): Promise<Buffer | undefined> {
      while (pending.length < length) {
        if (coming === undefined) {
          return undefined;
        }
        const chunk = await coming;
        if (chunk.length === 0) {
          coming = undefined; // shorter than it was when statted
          return undefined;
        }
        coming = nextChunk();
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      }
      const bytes = pending.subarray(0, length);
      pending = pending.subarray(length);
      return bytes;
    },
    /** Waits for a read still under way, so the handle can be closed. */
    async drain(): Promise<void> {
      await coming?.catch(() => undefined);
    },
  };
}

function headerProblem(header: ProjectionHeader, root: string): string | undefined {
  if (header.magic !== PROJECTION_MAGIC || header.format !== PROJECTION_FORMAT) {
    return `format ${String(header.format)}, this build reads ${PROJECTION_FORMAT}`;
  }
  return header.root === root ? undefined : `written for ${header.root}`;
}

const corrupt = (reason: string) => ({ ok: false as const, miss: 'corrupt' as const, reason });

const MAX_HEADER_BYTES = 65_536;

/** The header and the number of bytes it took (length prefix included). */
async function readHeader(
  handle: FileHandle,
): Promise<
  { header: ProjectionHeader; bytes: number } | { ok: false; miss: 'corrupt'; reason: string }
> {
  const length = await readExactly(handle, 4);
  const size = length?.readUInt32LE() ?? 0;
  const text = size > 0 && size < MAX_HEADER_BYTES ? await readExactly(handle, size) : undefined;
  try {
    const header = text && JSON.parse(text.toString('utf8'));
    return header && typeof header === 'object'
      ? { header, bytes: 4 + size }
      : corrupt('no header');
  } catch {
    return corrupt('unreadable header');
  }
}

/**
 * Reads the frames that follow the header; `remaining` is the number of
 * bytes after it, so a damaged length is refused before anything is
 * allocated for it.
 */
async function readFrames(
  file: ForwardReader,
  remaining: number,
  pause: () => Promise<void>,
  decode: DecodeFrame,
): Promise<{ ok: true; rows: number } | { ok: false; miss: 'corrupt'; reason: string }> {
  let rows = 0;
  let left = remaining;
  for (;;) {
    const prefix = left >= 8 ? await file.take(8) : undefined;
    if (prefix === undefined) {
      return corrupt('the file ends before its end frame');
    }
    const length = prefix.readUInt32LE(0);
    left -= 8;
    if (length > left || length > MAX_FRAME_BYTES || length === 0) {
      return corrupt(`a frame at row ${rows} claims more bytes than the file holds`);
    }
    const payload = await file.take(length);
    left -= length;
    if (payload === undefined || crc32(payload) !== prefix.readUInt32LE(4)) {
      return corrupt(`a frame at row ${rows} fails its CRC check`);
    }
    const body = payload.subarray(1);
    if (payload[0] === END_FRAME) {
      const counted = new ByteReader(body).uint();
      if (counted !== rows) {
        return corrupt(`the end frame counts ${counted} rows, the file holds ${rows}`);
      }
      return left === 0 ? { ok: true, rows } : corrupt(`${left} bytes follow the end frame`);
    }
    if (payload[0] !== ROWS_FRAME) {
      return corrupt(`a frame at row ${rows} is of unknown kind ${payload[0]}`);
    }
    rows += decode(body);
    await pause();
  }
}

/**
 * Reads and checks a stored projection; never throws for a bad or missing
 * file. `decode` reads each frame's rows as the frame arrives; when the
 * answer is not ok, what it was given must be dropped.
 */
export async function readProjectionFile(
  file: string,
  root: string,
  pause: () => Promise<void>,
  decode: DecodeFrame,
  readAheadBytes = READ_AHEAD_BYTES,
): Promise<ProjectionRead> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return { ok: false, miss: 'absent', reason: 'no stored projection' };
  }
  try {
    const read = await readHeader(handle);
    if ('ok' in read) {
      return read;
    }
    const { header } = read;
    const stale = headerProblem(header, root);
    if (stale !== undefined) {
      return { ok: false, miss: 'stale', reason: stale };
    }
    const { size } = await handle.stat();
    const reader = createForwardReader(handle, read.bytes, size, readAheadBytes);
    try {
      const frames = await readFrames(reader, size - read.bytes, pause, decode);
      return frames.ok ? { ok: true, header, rows: frames.rows } : frames;
    } finally {
      await reader.drain();
    }
  } catch (err) {
    return corrupt((err as Error).message);
  } finally {
    await handle.close();
  }
}

/** A temporary file this old was left by a save that died (a save takes seconds). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes temporary files of `file` that a crashed save left behind. Only
 * old ones: another process sharing the folder may be writing a fresh one.
 */
export async function sweepAbandonedTemporaries(file: string, nowMs: number): Promise<number> {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) {
      const full = path.join(dir, name);
      const info = await stat(full).catch(() => undefined);
      if (info !== undefined && nowMs - info.mtimeMs > ABANDONED_AFTER_MS) {
        await rm(full, { force: true });
        removed++;
      }
    }
  }
  return removed;
}
