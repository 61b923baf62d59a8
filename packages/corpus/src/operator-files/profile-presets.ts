import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OperatorProfile } from '@podcast/contracts';
import { parseDocument } from 'yaml';

const PRESET_EXTENSION = /\.ya?ml$/;

/**
 * The operator profile presets this project ships (`packages/corpus/profiles`),
 * read by the viewer's operator routes and the enrich command. This file sits
 * at the same depth under `src/` and `dist/`, so one relative step finds the
 * folder from the sources (tests) and from the build.
 */
export const PACKAGED_PROFILES_DIR = path.resolve(import.meta.dirname, '../../profiles');

export interface ProfilePreset extends OperatorProfile {
  /** The preset's keys (its own `profile:` included). */
  config: Record<string, unknown>;
}

/**
 * Preset names of a profiles folder: stems of its top-level `.yaml`/`.yml`
 * files, without stems ending `.example`; subfolders are never read
 * (spec 04 §8). `only` (PODCAST_AVAILABLE_PROFILES) narrows the set.
 */
export function presetNamesOf(fileNames: readonly string[], only?: readonly string[]): string[] {
  const names = fileNames
    .filter((name) => PRESET_EXTENSION.test(name))
    .map((name) => name.replace(PRESET_EXTENSION, ''))
    .filter((stem) => stem !== '' && !stem.endsWith('.example'))
    .filter((stem) => only === undefined || only.includes(stem));
  return [...new Set(names)].sort();
}

async function presetFiles(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = new Map<string, string>();
  for (const entry of entries
    .filter((e) => e.isFile())
    .sort((a, b) => (a.name < b.name ? 1 : -1))) {
    // Sorted descending, so `x.yaml` wins over `x.yml` when both exist.
    files.set(entry.name.replace(PRESET_EXTENSION, ''), entry.name);
  }
  return files;
}

/** The first line of the file when it is a comment: the preset's one-line description. */
function descriptionOf(text: string): string | undefined {
  const comment = /^#(.*)$/m.exec(text.split('\n', 1)[0] ?? '')?.[1]?.trim();
  return comment ? comment : undefined;
}

/** The presets a client may choose for `profile`, sorted by name, with their descriptions. */
export async function listProfilePresets(
  dir: string,
  only?: readonly string[],
): Promise<OperatorProfile[]> {
  const files = await presetFiles(dir);
  const names = presetNamesOf([...files.values()], only);
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(path.join(dir, files.get(name) as string), 'utf8');
      const description = descriptionOf(text);
      return description === undefined ? { name } : { name, description };
    }),
  );
}

/** One listed preset with its keys, or undefined when `name` is not an available preset. */
export async function findProfilePreset(
  dir: string,
  name: string,
  only?: readonly string[],
): Promise<ProfilePreset | undefined> {
  const files = await presetFiles(dir);
  const file = files.get(name);
  if (file === undefined || !presetNamesOf([file], only).includes(name)) {
    return undefined;
  }
  const text = await readFile(path.join(dir, file), 'utf8');
  const config = (parseDocument(text).toJS() ?? {}) as Record<string, unknown>;
  const description = descriptionOf(text);
  return { name, ...(description === undefined ? {} : { description }), config };
}
