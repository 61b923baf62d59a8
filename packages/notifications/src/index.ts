export type { CommsDeps } from './comms-store.js';
export {
  addPushSubscription,
  isKnownUnsubscribeRef,
  readComms,
  removePushSubscription,
  replaceComms,
  unsubscribeByRef,
  updateComms,
} from './comms-store.js';
export type { RecipientFacts } from './consent.js';
export {
  isInboxAllowed,
  isPaused,
  isStillWanted,
  isTemplateAllowed,
  withCellOff,
  withPushOff,
} from './consent.js';
export type { ContentIndex } from './content-index.js';
export { followedBy, indexContent, publishedIn } from './content-index.js';
export type { ContentNeed } from './content-need.js';
export { CONTENT_NEED_MAX, contentFilterOf, contentNeedOf } from './content-need.js';
export { contentEpisodeOf, contentEpisodesOf } from './corpus-content.js';
export type { Audience, ContentEpisode, Window } from './digest-content.js';
export {
  selectDigestSections,
  selectNudgeSection,
  selectRecapSections,
  selectRecommendationSections,
} from './digest-content.js';
export type { SlotKind } from './due-slots.js';
export { dueSlotKinds, hoursCovered, isHourDue } from './due-slots.js';
export type { CorpusContent, SchedulerJobDeps, SchedulerLogger } from './hourly-scheduler.js';
export {
  contentOfIndex,
  contentOfSnapshot,
  startHourlyScheduler,
  tickAt,
} from './hourly-scheduler.js';
export type { LocalTime } from './local-time.js';
export { createLocalClock, localTime, zoneOf } from './local-time.js';
export { dayKey, isoWeekKey, monthKey, nudgeKey } from './period-keys.js';
export type { InboxEntry, PlannedUser, TickClock, UserPlan } from './plan.js';
export { LONGEST_WINDOW_DAYS, outboxRowOf, planUser, TEMPLATE_TTL_HOURS } from './plan.js';
export { isQuietHour, pushNotBefore } from './quiet-hours.js';
export type { SchedulerDeps, TickResult } from './scheduler.js';
export { FINISHED_SHARE, INBOX_BOUND, runSchedulerTick } from './scheduler.js';
export type { SeamDeps } from './seam.js';
export { pullPending, reportStatus } from './seam.js';
