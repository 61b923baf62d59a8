import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DomainError, InvalidRelativePath, NotFound, OutsideCorpusRoots } from '@podcast/contracts';
import { readArtifactJson } from '../src/snapshot/artifacts.js';
import { makeTempDir, writeJson, writeText } from './corpus-fixture.js';
import { GI_3_1 } from './lineage-fixtures.js';

let root: string;

beforeAll(async () => {
  const base = await makeTempDir('artifacts-');
  root = path.join(base, 'corpus');
  await writeJson(root, 'metadata/a.gi.json', GI_3_1);
  await writeText(root, 'metadata/bad.kg.json', '{"nodes": [');
  await writeJson(root, 'metadata/a.metadata.json', {});
  await writeJson(base, 'outside.bridge.json', { identities: [] });
  await symlink(
    path.join(base, 'outside.bridge.json'),
    path.join(root, 'metadata/link.bridge.json'),
  );
});

describe('readArtifactJson', () => {
  it('returns the parsed artifact as stored', async () => {
    await expect(readArtifactJson(root, 'metadata/a.gi.json')).resolves.toEqual(GI_3_1);
  });

  it.each([
    ['a metadata file', 'metadata/a.metadata.json'],
    ['a parent escape', '../outside.bridge.json'],
    ['an absolute path', '/etc/passwd'],
  ])('refuses %s as an invalid path', async (_case, relpath) => {
    const attempt = readArtifactJson(root, relpath);
    await expect(attempt).rejects.toBeInstanceOf(InvalidRelativePath);
    await expect(attempt).rejects.toMatchObject({ extra: { field: 'path' } });
  });

  it('refuses a symlink that leads out of the corpus', async () => {
    await expect(readArtifactJson(root, 'metadata/link.bridge.json')).rejects.toBeInstanceOf(
      OutsideCorpusRoots,
    );
  });

  it('answers NotFound for a missing artifact', async () => {
    await expect(readArtifactJson(root, 'metadata/none.gi.json')).rejects.toBeInstanceOf(NotFound);
  });

  it('answers unprocessable for corrupt JSON', async () => {
    const attempt = readArtifactJson(root, 'metadata/bad.kg.json');
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ kind: 'unprocessable' });
  });
});
