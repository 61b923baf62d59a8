import type { OperatorProfile } from '@podcast/contracts';
import { listProfilePresets, PACKAGED_PROFILES_DIR } from '@podcast/corpus';
import type { ViewerConfig } from '../../env.js';

/** The presets shipped with the project (packages/corpus/profiles). */
export const PROFILES_DIR = PACKAGED_PROFILES_DIR;

/** The preset the operator file is seeded with when it is missing or blank (spec 01). */
export const SEED_PROFILE = 'cloud_balanced';

/** Packaged presets narrowed by PODCAST_AVAILABLE_PROFILES. */
export function listAvailableProfiles(config: ViewerConfig): Promise<OperatorProfile[]> {
  return listProfilePresets(PROFILES_DIR, config.availableProfiles);
}
