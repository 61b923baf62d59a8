import path from 'node:path';
import type { OperatorProfile } from '@podcast/contracts';
import { listProfilePresets } from '@podcast/corpus';
import type { ViewerConfig } from '../../env.js';

/**
 * The presets shipped with the app (`apps/viewer-api/profiles`). This file
 * sits at the same depth under `src/` and `dist/`, so one relative step
 * finds the folder from the sources (tests) and from the build (runtime).
 */
export const PROFILES_DIR = path.resolve(import.meta.dirname, '../../../profiles');

/** The preset the operator file is seeded with when it is missing or blank (spec 01). */
export const SEED_PROFILE = 'cloud_balanced';

/** Packaged presets narrowed by PODCAST_AVAILABLE_PROFILES. */
export function listAvailableProfiles(config: ViewerConfig): Promise<OperatorProfile[]> {
  return listProfilePresets(PROFILES_DIR, config.availableProfiles);
}
