import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import {
  CommsRecord,
  type ConsentChannel,
  channelEnabled,
  type NotificationType,
} from './comms.js';

const TYPES: NotificationType[] = ['digest', 'daily_recap', 'new_episodes', 'product'];

describe('CommsRecord', () => {
  it('fills a missing record with the documented defaults', () => {
    const record = CommsRecord.parse({});
    expect(record.types.digest).toEqual({ email: false, push: false, in_app: true });
    expect(record.digest_schedule).toEqual({
      cadence: 'weekly',
      day_of_week: 0,
      hour: 8,
      paused: false,
    });
    expect(record.daily_recap_schedule).toEqual({ hour: 20, paused: false });
    expect(record.timezone).toBe('');
    expect(record.unsubscribe_ref).toBeUndefined();
    expect(record.quiet_hours).toBeNull();
  });

  it('keeps the cells a client sends and defaults the rest of the row', () => {
    const record = CommsRecord.parse({
      types: { digest: { email: true } },
      timezone: 'Europe/Berlin',
    });
    expect(record.types.digest).toEqual({ email: true, push: false, in_app: true });
    expect(record.types.product).toEqual({ email: false, push: false, in_app: true });
    expect(record.timezone).toBe('Europe/Berlin');
  });

  it.each([
    ['a recap hour of 24', { daily_recap_schedule: { hour: 24 } }, 'daily_recap_schedule.hour'],
    ['a digest hour of -1', { digest_schedule: { hour: -1 } }, 'digest_schedule.hour'],
    ['a fractional hour', { digest_schedule: { hour: 7.5 } }, 'digest_schedule.hour'],
    ['day_of_week 7', { digest_schedule: { day_of_week: 7 } }, 'digest_schedule.day_of_week'],
    ['a monthly cadence', { digest_schedule: { cadence: 'monthly' } }, 'digest_schedule.cadence'],
    ['a made-up time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['an offset instead of a zone', { timezone: '+01:00' }, 'timezone'],
    [
      'quiet hours that start and end together',
      { quiet_hours: { start_hour: 5, end_hour: 5 } },
      'quiet_hours.end_hour',
    ],
    [
      'a quiet hour of 24',
      { quiet_hours: { start_hour: 22, end_hour: 24 } },
      'quiet_hours.end_hour',
    ],
    ['a non-boolean cell', { types: { digest: { push: 'on' } } }, 'types.digest.push'],
  ])('refuses %s', (_case, value, path) => {
    expect(issuePaths(CommsRecord.safeParse(value))).toEqual([path]);
  });
});

describe('channelEnabled', () => {
  const cells: [NotificationType, ConsentChannel, boolean][] = TYPES.flatMap((type) => [
    [type, 'email', false],
    [type, 'push', false],
    [type, 'in_app', true],
  ]);

  it.each(cells)(
    'defaults %s by %s to %s for a user without a record',
    (type, channel, expected) => {
      expect(channelEnabled(undefined, type, channel)).toBe(expected);
    },
  );

  it('reads exactly the one cell asked about', () => {
    const comms = CommsRecord.parse({ types: { daily_recap: { email: true, in_app: false } } });
    expect(channelEnabled(comms, 'daily_recap', 'email')).toBe(true);
    expect(channelEnabled(comms, 'daily_recap', 'in_app')).toBe(false);
    expect(channelEnabled(comms, 'digest', 'email')).toBe(false);
  });
});
