import { describe, expect, it } from '@jest/globals';
import { CommsRecord } from '@podcast/contracts';
import { dueSlotKinds, hoursCovered, isHourDue } from './due-slots.js';
import { localTime } from './local-time.js';

const HOUR = 3_600_000;

function dueAt(iso: string, zone: string, hour: number): boolean {
  const at = new Date(iso);
  return isHourDue(hour, localTime(at, zone), localTime(new Date(at.getTime() - HOUR), zone));
}

describe('isHourDue', () => {
  it.each([
    // zone, tick (UTC), local hour asked, due?
    ['UTC', '2026-11-23T08:00:00Z', 8, true],
    ['', '2026-11-23T08:00:00Z', 8, true],
    ['UTC', '2026-11-23T09:00:00Z', 8, false],
    // east of UTC
    ['Asia/Tokyo', '2026-11-22T23:00:00Z', 8, true],
    ['Asia/Tokyo', '2026-11-23T08:00:00Z', 8, false],
    ['Asia/Kolkata', '2026-11-23T02:00:00Z', 7, true], // 07:30 local, the 7 o'clock hour
    ['Europe/Berlin', '2026-11-23T07:00:00Z', 8, true],
    ['Europe/Berlin', '2026-07-23T06:00:00Z', 8, true], // summer time, UTC+2
    // west of UTC
    ['America/Los_Angeles', '2026-11-23T16:00:00Z', 8, true],
    ['America/Los_Angeles', '2026-07-23T15:00:00Z', 8, true],
    ['Pacific/Honolulu', '2026-11-23T18:00:00Z', 8, true],
  ])('in %p at %s the local hour %p is due: %p', (zone, at, hour, due) => {
    expect(dueAt(at, zone, hour)).toBe(due);
  });

  it.each([
    // New York springs forward 2026-03-08 at 07:00Z: 02:00 never happens.
    ['America/New_York', '2026-03-08T07:00:00Z', 2, true],
    ['America/New_York', '2026-03-08T07:00:00Z', 3, true],
    ['America/New_York', '2026-03-08T06:00:00Z', 2, false],
    ['America/New_York', '2026-03-08T08:00:00Z', 3, false],
    // Berlin springs forward 2026-03-29 at 01:00Z (02:00 → 03:00).
    ['Europe/Berlin', '2026-03-29T01:00:00Z', 2, true],
    ['Europe/Berlin', '2026-03-29T02:00:00Z', 4, true],
    // Sydney springs forward 2026-10-04 at 16:00Z (02:00 → 03:00), east of UTC.
    ['Australia/Sydney', '2026-10-03T16:00:00Z', 2, true],
  ])(
    'a slot in the hour skipped by DST fires once (%s at %s, hour %p: %p)',
    (zone, at, hour, due) => {
      expect(dueAt(at, zone, hour)).toBe(due);
    },
  );

  it.each([
    // New York falls back 2026-11-01 at 06:00Z: 01:00 happens twice.
    ['America/New_York', '2026-11-01T05:00:00Z', true],
    ['America/New_York', '2026-11-01T06:00:00Z', false],
    // Berlin falls back 2026-10-25 at 01:00Z: 02:00 happens twice.
    ['Europe/Berlin', '2026-10-25T01:00:00Z', false],
  ])('a slot in the repeated hour fires once (%s at %s: %p)', (zone, at, due) => {
    const hour = zone === 'Europe/Berlin' ? 2 : 1;
    expect(dueAt(at, zone, hour)).toBe(due);
  });

  it('covers each local hour of a day exactly once across a fall-back day', () => {
    const covered: number[] = [];
    for (let step = 0; step < 25; step += 1) {
      const at = new Date(Date.parse('2026-11-01T04:00:00Z') + step * HOUR);
      covered.push(
        ...hoursCovered(
          localTime(at, 'America/New_York'),
          localTime(new Date(at.getTime() - HOUR), 'America/New_York'),
        ),
      );
    }
    expect([...covered].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, h) => h));
  });
});

describe('dueSlotKinds', () => {
  const at = (iso: string, zone: string) => {
    const now = new Date(iso);
    return [localTime(now, zone), localTime(new Date(now.getTime() - HOUR), zone)] as const;
  };

  it.each([
    // 2026-11-22 is a Sunday (day_of_week 0); 2026-12-01 a Tuesday, the 1st.
    [
      'weekly digest day and hour',
      { digest_schedule: { day_of_week: 0, hour: 8 } },
      '2026-11-22T08:00:00Z',
      'UTC',
      ['digest', 'nudge'],
    ],
    [
      'weekly, another day',
      { digest_schedule: { day_of_week: 1, hour: 8 } },
      '2026-11-22T08:00:00Z',
      'UTC',
      ['nudge'],
    ],
    [
      'daily cadence',
      { digest_schedule: { cadence: 'daily', day_of_week: 1, hour: 8 } },
      '2026-11-22T08:00:00Z',
      'UTC',
      ['digest', 'nudge'],
    ],
    [
      'first of the month',
      { digest_schedule: { day_of_week: 2, hour: 9 } },
      '2026-12-01T08:00:00Z',
      'Europe/Berlin',
      ['digest', 'nudge', 'recommendations'],
    ],
    [
      'recap hour',
      { daily_recap_schedule: { hour: 20 } },
      '2026-11-23T11:00:00Z',
      'Asia/Tokyo',
      ['recap'],
    ],
    ['nothing due', {}, '2026-11-23T13:00:00Z', 'UTC', []],
    // Sunday 08:00 in Los Angeles is Sunday 16:00Z
    [
      'weekday read in the user zone',
      { digest_schedule: { day_of_week: 0, hour: 8 } },
      '2026-11-22T16:00:00Z',
      'America/Los_Angeles',
      ['digest', 'nudge'],
    ],
    // Monday 07:00 in Tokyo is Sunday 22:00Z: not the Sunday slot
    [
      'weekday east of UTC',
      { digest_schedule: { day_of_week: 0, hour: 7 } },
      '2026-11-22T22:00:00Z',
      'Asia/Tokyo',
      ['nudge'],
    ],
  ])('%s', (_case, input, iso, zone, expected) => {
    const comms = CommsRecord.parse({ ...input, timezone: zone === 'UTC' ? '' : zone });
    const [now, previous] = at(iso, zone);
    expect(dueSlotKinds(comms, now, previous)).toEqual(expected);
  });
});
