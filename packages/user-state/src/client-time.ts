/** How far back a client's own timestamp is believed (offline replays of up to a month). */
export const CLIENT_TS_PAST_MS = 30 * 86_400_000;
/** How far ahead of the server a device clock may run before it is pulled back. */
export const CLIENT_TS_FUTURE_MS = 5 * 60_000;

/**
 * The time a client says something happened (epoch seconds), clamped to
 * [now - 30 days, now + 5 minutes]; the server's time when it says nothing.
 */
export function clientTime(clientTs: number | undefined, now: Date): Date {
  if (clientTs === undefined) {
    return now;
  }
  const nowMs = now.getTime();
  const ms = Math.round(clientTs * 1000);
  return new Date(Math.min(nowMs + CLIENT_TS_FUTURE_MS, Math.max(nowMs - CLIENT_TS_PAST_MS, ms)));
}
