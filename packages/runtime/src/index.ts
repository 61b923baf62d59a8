export type { AllowedHosts } from './allowed-hosts.js';
export { hostPolicy, isAllowedHost, OutboundAllowedHosts } from './allowed-hosts.js';
export type { AtomicWriteOptions } from './atomic-write.js';
export { succeedsUnless, withFileLock, writeFileAtomic } from './atomic-write.js';
export type { AudioCheck, AudioCheckSettings } from './audio-url-check.js';
export { checkAudioUrl, defaultAudioCheckSettings } from './audio-url-check.js';
export { ConfigError, parseConfig } from './config.js';
export {
  CorpusIndexEnvShape,
  corpusIndexConfigOf,
  corpusIndexFolderOf,
  indexFileIn,
  sharedCorpusIndexOf,
} from './corpus-index-env.js';
export { CorpusRegistryEnvShape, corpusRegistryConfigOf } from './corpus-registry-env.js';
export type { GuardedGetSettings, GuardedResponse } from './guarded-get.js';
export { guardedGet, guardedPostJson } from './guarded-get.js';
export type { LockFileOptions } from './lock-file.js';
export { isRunning, withLockFile } from './lock-file.js';
export type { LoggerOptions } from './logger.js';
export { createLogger } from './logger.js';
export { mapLimit } from './map-limit.js';
export {
  createOpenRouteLimiter,
  OPEN_ROUTE_LIMIT_PER_MINUTE,
  OpenRouteLimitEnvShape,
  openRouteLimitOf,
} from './open-route-limit.js';
export type {
  AddressClass,
  AddressPolicy,
  ResolvedAddress,
  ResolveHost,
} from './outbound-guard.js';
export {
  classifyAddress,
  ipAddressBytes,
  OutboundRefused,
  pinnedLookup,
  strictAddressPolicy,
  systemResolveHost,
  vetHost,
} from './outbound-guard.js';
export type { RateDecision, RateLimiterOptions } from './rate-limiter.js';
export { RateLimiter } from './rate-limiter.js';
export type { Stop, StopOptions } from './run-main.js';
export { runMain, stopOnSignals } from './run-main.js';
export { safeEqual } from './safe-equal.js';
export { sourceAddressKey } from './source-address.js';
