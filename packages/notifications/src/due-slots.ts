import type { CommsRecord } from '@podcast/contracts';
import type { LocalTime } from './local-time.js';

/**
 * The local hours a tick covers: every hour after the previous tick's local
 * hour up to this tick's. Normally one hour; two or more when the clock
 * sprang forward (so a slot inside the skipped hour still fires once); none
 * when it fell back and repeats an hour already covered.
 */
export function hoursCovered(now: LocalTime, previous: LocalTime): number[] {
  const span = (now.hour - previous.hour + 24) % 24;
  return Array.from({ length: span }, (_, step) => (previous.hour + 1 + step) % 24);
}

/** Whether the user's local `hour` falls in the hour this tick covers. */
export function isHourDue(hour: number, now: LocalTime, previous: LocalTime): boolean {
  return hoursCovered(now, previous).includes(hour);
}

export type SlotKind = 'digest' | 'nudge' | 'recommendations' | 'recap';

/**
 * Which orchestrator slots are due for one user at this tick, read in the
 * user's zone. Consent and content are checked afterwards, per template.
 * - digest: the digest hour, on day_of_week for the weekly cadence;
 * - nudge: the digest hour every day (the push companion of the digest);
 * - recommendations: the digest hour on the 1st of the local month;
 * - recap: the daily recap hour.
 */
export function dueSlotKinds(comms: CommsRecord, now: LocalTime, previous: LocalTime): SlotKind[] {
  const kinds: SlotKind[] = [];
  const digest = comms.digest_schedule;
  if (isHourDue(digest.hour, now, previous)) {
    if (digest.cadence === 'daily' || now.weekday === digest.day_of_week) {
      kinds.push('digest');
    }
    kinds.push('nudge');
    if (now.day === 1) {
      kinds.push('recommendations');
    }
  }
  if (isHourDue(comms.daily_recap_schedule.hour, now, previous)) {
    kinds.push('recap');
  }
  return kinds;
}
