import { readFileSync, writeFileSync } from 'node:fs';

/** Files cut in half as a pipeline that crashed mid-write leaves them. */
export interface TornFiles {
  /** Each file's whole bytes, as they were before the cut. */
  readonly whole: readonly Buffer[];
  /** Writes each file whole again: `edit`'s bytes for it when given, else its old bytes. */
  complete(edit?: (file: string, whole: Buffer) => Buffer): void;
}

/** Cuts each of `files` to its first half. */
export function tearInHalf(files: readonly string[]): TornFiles {
  const whole = files.map((file) => readFileSync(file));
  for (const [i, file] of files.entries()) {
    const bytes = whole[i] as Buffer;
    writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
  }
  return {
    whole,
    complete: (edit) => {
      for (const [i, file] of files.entries()) {
        const bytes = whole[i] as Buffer;
        writeFileSync(file, edit === undefined ? bytes : edit(file, bytes));
      }
    },
  };
}

/** A metadata file's bytes with the episode retitled: the new version a completed write brings. */
export function retitledMetadata(whole: Buffer, title: string): Buffer {
  const doc = JSON.parse(whole.toString('utf8')) as { episode: { title: string } };
  doc.episode.title = title;
  return Buffer.from(JSON.stringify(doc, null, 2));
}
