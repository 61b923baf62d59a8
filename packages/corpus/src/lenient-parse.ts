import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { parse as parseYaml } from 'yaml';
import { asRecord, type UnknownRecord } from './lenient-values.js';

/** Why a corpus file could not be used; the loader logs it and skips the file. */
export class UnreadableCorpusFile extends Error {}

function isYamlName(fileName: string): boolean {
  return fileName.endsWith('.yaml') || fileName.endsWith('.yml');
}

/**
 * Parses a JSON or YAML document (by file name) that must be an object.
 * Empty, truncated and non-object documents throw UnreadableCorpusFile.
 */
export function parseCorpusObject(text: string, fileName: string): UnknownRecord {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') {
    throw new UnreadableCorpusFile('file is empty');
  }
  let parsed: unknown;
  try {
    parsed = isYamlName(fileName) ? parseYaml(body) : JSON.parse(body);
  } catch (err) {
    throw new UnreadableCorpusFile((err as Error).message);
  }
  const record = asRecord(parsed);
  if (record === undefined) {
    throw new UnreadableCorpusFile('top level is not an object');
  }
  return record;
}

/**
 * Reads and parses one corpus file. Returns undefined (after one warning)
 * when the file is missing, corrupt, half-written or not an object, so one
 * bad file never stops the rest of the corpus from loading.
 */
export async function readCorpusObject(
  file: string,
  logger: Logger,
): Promise<UnknownRecord | undefined> {
  try {
    return parseCorpusObject(await readFile(file, 'utf8'), file);
  } catch (err) {
    logger.warn({ file, err: (err as Error).message }, 'skipping unreadable corpus file');
    return undefined;
  }
}
