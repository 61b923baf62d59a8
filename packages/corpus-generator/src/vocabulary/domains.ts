import type { Domain } from './domain.js';
import { BUILT_WORLD_DOMAINS } from './domains-built-world.js';
import { PEOPLE_AND_CULTURE_DOMAINS } from './domains-people-and-culture.js';

/**
 * Domain order decides which subjects a small corpus gets: feed i uses
 * DOMAINS[i % length], so the sample's four feeds cover drainage, batteries,
 * sleep and jazz.
 */
export const DOMAINS: readonly Domain[] = [
  BUILT_WORLD_DOMAINS[0],
  BUILT_WORLD_DOMAINS[3],
  PEOPLE_AND_CULTURE_DOMAINS[0],
  PEOPLE_AND_CULTURE_DOMAINS[2],
  PEOPLE_AND_CULTURE_DOMAINS[4],
  BUILT_WORLD_DOMAINS[2],
  BUILT_WORLD_DOMAINS[1],
  PEOPLE_AND_CULTURE_DOMAINS[1],
  BUILT_WORLD_DOMAINS[4],
  BUILT_WORLD_DOMAINS[5],
  PEOPLE_AND_CULTURE_DOMAINS[3],
  PEOPLE_AND_CULTURE_DOMAINS[5],
].filter((domain): domain is Domain => domain !== undefined);
