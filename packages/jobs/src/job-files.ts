import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JobRecord } from '@podcast/contracts';

/**
 * Where a job's files live in its corpus (spec 04 §1.3): the registry mirror
 * `.viewer/jobs.jsonl` (one row per transition, the last row per job_id
 * wins), the runner's log of the job and its subprocess's output.
 */
export function jobFiles(corpusPath: string, jobId: string) {
  const dir = join(corpusPath, '.viewer', 'jobs');
  return {
    dir,
    log: join(dir, `${jobId}.log`),
    subprocessLog: join(dir, `${jobId}.subprocess.log`),
  };
}

/** The same files relative to the corpus root, for readers that confine what they open. */
export function jobFileRelpaths(jobId: string) {
  return {
    log: `.viewer/jobs/${jobId}.log`,
    subprocessLog: `.viewer/jobs/${jobId}.subprocess.log`,
  };
}

/** Spec 04 §1.3: while this file exists, the corpus's queued jobs wait. */
export function jobsPausedPath(corpusPath: string): string {
  return join(corpusPath, '.viewer', 'jobs.paused');
}

export function jobsMirrorPath(corpusPath: string): string {
  return join(corpusPath, '.viewer', 'jobs.jsonl');
}

/**
 * Appends the record as one line. One write call per line with O_APPEND, so
 * concurrent writers (viewer and runner) never interleave inside a line.
 */
export async function mirrorJob(job: JobRecord): Promise<void> {
  await mkdir(join(job.corpus_path, '.viewer'), { recursive: true });
  await appendFile(jobsMirrorPath(job.corpus_path), `${JSON.stringify(job)}\n`);
}

/**
 * The last row of each job in the corpus's mirror (none when it is absent).
 * A line that does not parse as a record, such as one a crash cut short, is
 * skipped.
 */
export async function readMirror(corpusPath: string): Promise<JobRecord[]> {
  const text = await readFile(jobsMirrorPath(corpusPath), 'utf8').catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') {
        return '';
      }
      throw err;
    },
  );
  const last = new Map<string, JobRecord>();
  for (const line of text.split('\n')) {
    if (line === '') {
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue;
    }
    const row = JobRecord.safeParse(parsed);
    if (row.success) {
      last.set(row.data.job_id, row.data);
    }
  }
  return [...last.values()];
}

export interface LogTail {
  text: string;
  offset: number;
  size: number;
  truncated: boolean;
}

/**
 * The last `maxBytes` of a log, starting at a line start when the cut falls
 * inside a line (and never inside a UTF-8 sequence). A missing log is empty:
 * a queued job has not written one yet.
 */
export async function readLogTail(file: string, maxBytes: number): Promise<LogTail> {
  const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') {
      return null;
    }
    throw err;
  });
  if (handle === null) {
    return { text: '', offset: 0, size: 0, truncated: false };
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    let skip = 0;
    if (start > 0) {
      const newline = buffer.indexOf(0x0a);
      skip = newline >= 0 && newline < buffer.length - 1 ? newline + 1 : 0;
      while (skip < buffer.length && ((buffer[skip] ?? 0) & 0xc0) === 0x80) {
        skip += 1;
      }
    }
    return {
      text: buffer.subarray(skip).toString('utf8'),
      offset: start + skip,
      size,
      truncated: start + skip > 0,
    };
  } finally {
    await handle.close();
  }
}
