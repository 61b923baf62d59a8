import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export interface TreeEntry {
  relpath: string;
  kind: 'file' | 'dir';
  sha256: string;
  size: number;
  mtimeMs: number;
}

/** Every file and folder under root, sorted, with content hashes and mtimes. */
export function listTree(root: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = statSync(path);
      const relpath = relative(root, path);
      if (stat.isDirectory()) {
        entries.push({ relpath, kind: 'dir', sha256: '', size: 0, mtimeMs: stat.mtimeMs });
        walk(path);
      } else {
        const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
        entries.push({ relpath, kind: 'file', sha256, size: stat.size, mtimeMs: stat.mtimeMs });
      }
    }
  };
  walk(root);
  return entries;
}

export function makeTempDir(label: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `corpus-generator-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function readJson<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Corpus-relative paths of files whose name ends with `suffix`. */
export function filesEndingWith(root: string, suffix: string): string[] {
  return listTree(root)
    .filter((entry) => entry.kind === 'file' && entry.relpath.endsWith(suffix))
    .map((entry) => entry.relpath);
}

/** The run dir (parent of `metadata/`) of a corpus-relative metadata-folder file. */
export function runDirOf(relpath: string): string {
  const parts = relpath.split('/');
  const index = parts.lastIndexOf('metadata');
  return parts.slice(0, index).join('/');
}
