import { describe, expect, it } from '@jest/globals';
import { localTime } from './local-time.js';
import { isQuietHour, pushNotBefore } from './quiet-hours.js';

describe('quiet hours', () => {
  it.each([
    [{ start_hour: 22, end_hour: 7 }, 23, true],
    [{ start_hour: 22, end_hour: 7 }, 3, true],
    [{ start_hour: 22, end_hour: 7 }, 7, false],
    [{ start_hour: 22, end_hour: 7 }, 21, false],
    [{ start_hour: 13, end_hour: 15 }, 14, true],
    [{ start_hour: 13, end_hour: 15 }, 15, false],
  ])('%j holds hour %p quiet: %p', (window, hour, quiet) => {
    expect(isQuietHour(hour, window)).toBe(quiet);
  });

  it.each([
    ['outside the window', '2026-11-23T20:00:00Z', 'UTC', null, '2026-11-23T20:00:00.000Z'],
    ['no window', '2026-11-23T23:00:00Z', 'UTC', null, '2026-11-23T23:00:00.000Z'],
    [
      'overnight, held to 07:00 local',
      '2026-11-23T23:00:00Z',
      'UTC',
      { start_hour: 22, end_hour: 7 },
      '2026-11-24T07:00:00.000Z',
    ],
    [
      'east of UTC',
      '2026-11-23T14:00:00Z',
      'Asia/Tokyo',
      { start_hour: 22, end_hour: 7 },
      '2026-11-23T22:00:00.000Z',
    ],
    [
      'west of UTC',
      '2026-11-24T06:00:00Z',
      'America/Los_Angeles',
      { start_hour: 21, end_hour: 6 },
      '2026-11-24T14:00:00.000Z',
    ],
  ])('%s', (_case, iso, zone, window, expected) => {
    const at = new Date(iso);
    const quiet = window === null ? null : window;
    expect(pushNotBefore(at, localTime(at, zone), quiet).toISOString()).toBe(expected);
  });
});
