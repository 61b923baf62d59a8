/** The suites' fixed "now": query functions take the time as an argument, never the clock. */
export const T0 = new Date('2026-03-10T12:00:00.000Z');

/** The time `minutes` after T0. */
export const at = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000);
