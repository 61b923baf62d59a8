export { CONSENSUS, CONTRADICTED, PAVEMENT } from './ask-fixtures.js';
export { configErrorLineNaming, configErrorOf } from './config-error.js';
export { DETERMINISTIC_ENRICHERS } from './enrichers.js';
export type { ChatCall, FakeChatServer } from './fake-chat-server.js';
export { startFakeChatServer } from './fake-chat-server.js';
export { copyOfGenerated } from './generated-corpus.js';
export type { HeldLoads } from './held-load.js';
export { holdFirstLoads } from './held-load.js';
export {
  concretePath,
  HOSTILE_BODIES,
  HOSTILE_QUERY_VALUES,
  HOSTILE_SEGMENTS,
  unhandledAnswer,
} from './hostile-input.js';
export { memoryLogger } from './memory-logger.js';
export type { OpenApiProblem } from './openapi-lint.js';
export { lintOpenApiDocument } from './openapi-lint.js';
export { ANSWER_CORPUS } from './recorded-answers.js';
export type { RedisPrefix } from './redis-prefix.js';
export { createRedisPrefix } from './redis-prefix.js';
export type { SampleCorpusCopy, Scratch } from './sample-corpus.js';
export {
  ageTree,
  copySampleCorpus,
  copySampleCorpusTo,
  createScratch,
  SAMPLE_CORPUS_DIR,
} from './sample-corpus.js';
export type { DatabaseTemplate, TestDatabase, TestDatabaseOptions } from './test-database.js';
export { createTestDatabase, dropTemplatesOf } from './test-database.js';
export { generatedCorporaDirOf } from './test-run.js';
export {
  NLI_WORDS as TINY_NLI_WORDS,
  THEMES as TINY_MODEL_THEMES,
  writeTinyNliModel,
  writeTinySentenceModel,
} from './tiny-sentence-model.js';
export { selfSignedCert } from './tls.js';
export type { TornFiles } from './torn-files.js';
export { retitledMetadata, tearInHalf } from './torn-files.js';
