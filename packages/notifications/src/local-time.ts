/** A wall-clock reading in one zone, as the due checks need it. */
export interface LocalTime {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
  /** 0-23 */
  hour: number;
  /** 0 = Sunday … 6 = Saturday, as digest_schedule.day_of_week. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The consent record's zone: empty means UTC (spec 02). */
export function zoneOf(timezone: string): string {
  return timezone === '' ? 'UTC' : timezone;
}

/**
 * Reads the clock of a zone. Building an Intl formatter costs far more than
 * using one, so a tick makes one reader and keeps its formatters per zone
 * for the length of that tick (the reader is a value, not module state).
 */
export function createLocalClock(): (at: Date, timezone: string) => LocalTime {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (at, timezone) => {
    const zone = zoneOf(timezone);
    let format = formatters.get(zone);
    if (format === undefined) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        weekday: 'short',
      });
      formatters.set(zone, format);
    }
    const parts: Record<string, string> = {};
    for (const part of format.formatToParts(at)) {
      parts[part.type] = part.value;
    }
    return {
      year: Number(parts.year),
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour),
      weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    };
  };
}

/** One-off reading; loops should share a `createLocalClock()`. */
export function localTime(at: Date, timezone: string): LocalTime {
  return createLocalClock()(at, timezone);
}
