export { type CliCommand, parseCliArgs, USAGE } from './cli-args.js';
export { generateCorpus } from './generate-corpus.js';
export type { GeneratedCorpusSummary, MissingEntry } from './generated-summary.js';
export {
  DEFAULT_SEED,
  type GenerateCorpusOptions,
  LARGE_CORPUS_EPISODES,
} from './generator-options.js';
export type { MissingKind } from './plan-types.js';
export { crc32, encodePng } from './png.js';
export { createRng, deriveSeed, type Rng } from './prng.js';
