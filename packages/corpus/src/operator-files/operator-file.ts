import path from 'node:path';
import { DomainError } from '@podcast/contracts';
import { withFileLock, writeFileAtomic } from '@podcast/runtime';
import { readRootFile } from './confined-file.js';
import {
  findForbiddenOperatorKeys,
  findSecretOperatorKeys,
  forbiddenKeysError,
  isFeedKey,
  scanForbiddenOperatorKeys,
} from './forbidden-keys.js';
import { setOperatorKey } from './operator-block.js';
import {
  type OperatorContentRules,
  parseOperatorYaml,
  scheduledJobsBlockOf,
  type ValidOperatorContent,
  validateOperatorContent,
  yamlMappingOf,
  yamlRefusalOf,
} from './operator-content.js';

export const OPERATOR_FILE_NAME = 'viewer_operator.yaml';
const FIELD = 'operator_config';

export interface OperatorFile {
  path: string;
  content: string;
}

/** The stored file is refused whole when its YAML shape is (complex keys, too deep, alias bomb). */
function assertServableShape(text: string): void {
  const refusal = yamlRefusalOf(text);
  if (refusal !== undefined) {
    throw new DomainError('conflict', `${FIELD}: the stored file is refused: ${refusal}`, {
      field: FIELD,
    });
  }
}

/** The secret-looking keys of a stored file's text (its feed keys are left alone). */
function secretKeysOfText(text: string): string[] {
  const root = yamlMappingOf(text);
  if (root !== undefined) {
    return findSecretOperatorKeys(root);
  }
  return scanForbiddenOperatorKeys(text).filter((key) => !isFeedKey(key));
}

async function seedOperatorFile(file: string, current: string | undefined, profile: string) {
  const text = `profile: ${profile}\n`;
  if (current === undefined) {
    // Link-based create: a PUT that lands first is never overwritten by the seed.
    await writeFileAtomic(file, text, { onlyIfAbsent: true });
    return;
  }
  await withFileLock(file, async () => {
    const again = await readRootFile(path.dirname(file), OPERATOR_FILE_NAME, FIELD);
    if (again.text !== undefined && again.text.trim() === '') {
      await writeFileAtomic(file, text);
    }
  });
}

/**
 * Reads the operator file of a corpus. When it is missing or blank and
 * `seedProfile` is given, it is first created as `profile: <seedProfile>`
 * (spec 01). A file holding a secret-looking key is refused with a 409 naming
 * them, so a credential written by hand is never served back. A feed list is
 * served: spec 03 has the enrichment edits keep it, so refusing it would
 * lock the operator out of a file the product itself keeps that way.
 */
export async function readOperatorFile(root: string, seedProfile?: string): Promise<OperatorFile> {
  let found = await readRootFile(root, OPERATOR_FILE_NAME, FIELD);
  if (seedProfile !== undefined && (found.text ?? '').trim() === '') {
    await seedOperatorFile(found.path, found.text, seedProfile);
    found = await readRootFile(root, OPERATOR_FILE_NAME, FIELD);
  }
  return servable(found);
}

/**
 * The operator file as the programs that act on it read it (the enrichment
 * configuration, the scheduler): never seeded, refused (409) for a refused
 * YAML shape or a secret-looking key, but a feed list in it is kept and
 * ignored here, since the pipeline may still read one.
 */
export async function readOperatorSettings(root: string): Promise<OperatorFile> {
  return servable(await readRootFile(root, OPERATOR_FILE_NAME, FIELD));
}

function servable(found: { path: string; text: string | undefined }): OperatorFile {
  const content = found.text ?? '';
  assertServableShape(content);
  const secrets = secretKeysOfText(content);
  if (secrets.length > 0) {
    throw forbiddenKeysError('conflict', secrets);
  }
  return { path: found.path, content };
}

export interface OperatorFileWrite extends OperatorFile, ValidOperatorContent {
  /** True when the scheduled_jobs block differs from the one stored before. */
  scheduledJobsChanged: boolean;
}

/**
 * Stores `content` exactly as given after `validateOperatorContent` accepts
 * it; nothing is written when it does not. Writes are atomic and serialised.
 * `field` prefixes the names in validation errors (the route's `body.content`).
 */
export async function writeOperatorFile(
  root: string,
  content: string,
  rules: OperatorContentRules,
  field = 'content',
): Promise<OperatorFileWrite> {
  const valid = validateOperatorContent(content, rules, field);
  const target = await readRootFile(root, OPERATOR_FILE_NAME, FIELD);
  return withFileLock(target.path, async () => {
    const before = await readRootFile(root, OPERATOR_FILE_NAME, FIELD);
    await writeFileAtomic(before.path, content);
    const changed =
      JSON.stringify(scheduledJobsBlockOf(before.text)) !==
      JSON.stringify(valid.data.scheduled_jobs);
    return { path: before.path, content, ...valid, scheduledJobsChanged: changed };
  });
}

/**
 * Sets one top-level block of the operator file (for example `enrichment`)
 * and keeps everything else as written, comments and a feed list included
 * (spec 03). Neither the block nor the file may hold a secret-looking key,
 * else nothing is written.
 */
export async function updateOperatorBlock(
  root: string,
  key: string,
  value: unknown,
): Promise<OperatorFile> {
  const target = await readRootFile(root, OPERATOR_FILE_NAME, FIELD);
  return withFileLock(target.path, async () => {
    const current = await readRootFile(root, OPERATOR_FILE_NAME, FIELD);
    assertServableShape(current.text ?? '');
    const added = findForbiddenOperatorKeys({ [key]: value });
    if (added.length > 0) {
      throw forbiddenKeysError('invalid', added);
    }
    const content = setOperatorKey(current.text ?? '', key, value);
    // A secret written by hand earlier blocks every edit until the file is fixed.
    const stored = findSecretOperatorKeys(parseOperatorYaml(content, OPERATOR_FILE_NAME));
    if (stored.length > 0) {
      throw forbiddenKeysError('conflict', stored);
    }
    await writeFileAtomic(current.path, content);
    return { path: current.path, content };
  });
}
