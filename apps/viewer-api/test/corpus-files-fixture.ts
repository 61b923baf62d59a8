import {
  mkdir,
  mkdtemp,
  readdir,
  rm,
  symlink,
  truncate,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { copySampleCorpusTo } from '@podcast/testing';
import type request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';

/**
 * A temp copy of the sample corpus with the files the file routes need and
 * the sample does not carry: local audio, symlinks leading out, a hidden
 * folder, an oversized transcript and a transcript whose raw .txt is gone.
 * Outside the corpus, `secret.txt` and `secret.mp3` hold TOP SECRET.
 */
export interface FilesFixture {
  root: string;
  outside: string;
  test: ViewerTestApp;
  /** `.txt` deleted; its `.cleaned.txt` remains. */
  onlyCleanedTxt: string;
  /** An ad-free transcript that exists. */
  adfreeTxt: string;
  /** Raw `.txt` without cleaned or ad-free siblings. */
  rawOnlyTxt: string;
  /** Local audio: 10,000 bytes, byte i = i % 251. */
  mediaRelpath: string;
  mediaBytes: Buffer;
  close(): Promise<void>;
}

async function listFiles(dir: string, base = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, base), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const rel = base === '' ? entry.name : `${base}/${entry.name}`;
      return entry.isDirectory() ? listFiles(dir, rel) : Promise.resolve([rel]);
    }),
  );
  return nested.flat();
}

function transcriptsOf(files: string[]) {
  const raw = files.filter(
    (f) => f.includes('/transcripts/') && /(?<!\.cleaned|\.adfree)\.txt$/.test(f),
  );
  const cleaned = raw.find((f) => files.includes(f.replace(/\.txt$/, '.cleaned.txt')));
  const adfree = files.find((f) => f.endsWith('.adfree.txt'));
  const rawOnly = raw.find(
    (f) =>
      !files.includes(f.replace(/\.txt$/, '.cleaned.txt')) &&
      !files.includes(f.replace(/\.txt$/, '.adfree.txt')),
  );
  if (cleaned === undefined || rawOnly === undefined || adfree === undefined) {
    throw new Error('the sample corpus lacks a cleaned, an ad-free or a raw-only transcript');
  }
  return { cleaned, rawOnly, adfree };
}

/**
 * Per extension (txt, mp3): escape.<ext> and escape-dir/ lead out,
 * hidden-link.<ext> into .viewer/, folder.<ext> is a directory. A lone
 * feeds/stand-in/ep.cleaned.txt has no raw or ad-free sibling; feeds/Café "live".txt
 * has a name that needs encoding.
 */
async function addOddFiles(root: string, outside: string): Promise<void> {
  await mkdir(path.join(root, '.viewer'), { recursive: true });
  for (const ext of ['txt', 'mp3']) {
    await writeFile(path.join(outside, `secret.${ext}`), 'TOP SECRET\n');
    await symlink(path.join(outside, `secret.${ext}`), path.join(root, `feeds/escape.${ext}`));
    await writeFile(path.join(root, `.viewer/hidden.${ext}`), 'operator only\n');
    await symlink(
      path.join(root, `.viewer/hidden.${ext}`),
      path.join(root, `feeds/hidden-link.${ext}`),
    );
    await mkdir(path.join(root, `feeds/folder.${ext}`));
  }
  await symlink(outside, path.join(root, 'feeds/escape-dir'));
  await mkdir(path.join(root, 'feeds/stand-in'));
  await writeFile(
    path.join(root, 'feeds/stand-in/ep.cleaned.txt'),
    'only the cleaned transcript\n',
  );
  await writeFile(path.join(root, 'feeds/Café "live".txt'), 'non-ASCII name\n');
  await writeFile(path.join(root, 'feeds/blob.dat'), Buffer.from([0, 1, 2, 3, 255]));
  await writeFile(path.join(root, 'feeds/big.txt'), '');
  await truncate(path.join(root, 'feeds/big.txt'), 11 * 1024 * 1024);
}

export async function buildFilesFixture(): Promise<FilesFixture> {
  const tmp = await mkdtemp(path.join(tmpdir(), 'corpus-files-'));
  const root = path.join(tmp, 'corpus');
  const outside = path.join(tmp, 'outside');
  copySampleCorpusTo(root);
  await mkdir(outside);
  const { cleaned, rawOnly, adfree } = transcriptsOf(await listFiles(root));
  await unlink(path.join(root, cleaned));
  const runDir = path.posix.dirname(path.posix.dirname(rawOnly));
  const mediaRelpath = `${runDir}/media/${path.posix.basename(rawOnly, '.txt')}.mp3`;
  const mediaBytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
  await mkdir(path.join(root, runDir, 'media'), { recursive: true });
  await writeFile(path.join(root, mediaRelpath), mediaBytes);
  await addOddFiles(root, outside);
  const test = buildViewerTestApp({ corpusDir: root });
  return {
    root,
    outside,
    test,
    onlyCleanedTxt: cleaned,
    rawOnlyTxt: rawOnly,
    adfreeTxt: adfree,
    mediaRelpath,
    mediaBytes,
    close: async () => {
      test.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * One files fixture for the whole test file: built in beforeAll, closed in
 * afterAll. The object returned is filled in when beforeAll has run, so read
 * it inside hooks and tests only; call this before the file's own beforeAll.
 */
export function useFilesFixture(): FilesFixture {
  const fixture = {} as FilesFixture;
  beforeAll(async () => {
    Object.assign(fixture, await buildFilesFixture());
  });
  afterAll(() => fixture.close());
  return fixture;
}

/** Collects a response body as bytes whatever its content type. */
export function bytesParser(
  res: request.Response,
  done: (err: Error | null, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** `?path=…&relpath=…` with each value URL-encoded. */
export function fileQuery(relpath: string, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...extra, relpath }).toString();
}
