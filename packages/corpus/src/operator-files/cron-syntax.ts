/**
 * A syntax check of cron expressions for the operator file's scheduled_jobs,
 * so a typo is a 400 at PUT time rather than a schedule that never fires.
 * It accepts the classic five fields (or six, seconds first) with lists,
 * ranges, steps, month and weekday names, `?`, `L` and `n#m`, plus the common
 * `@daily`-style macros. Computing run times is the scheduler's job.
 */

interface FieldRule {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const SECOND: FieldRule = { name: 'second', min: 0, max: 59 };
const FIVE_FIELDS: readonly FieldRule[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS },
  { name: 'day of week', min: 0, max: 7, names: WEEKDAYS },
];

const MACROS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@hourly']);

function fieldValue(token: string, rule: FieldRule): number | undefined {
  if (/^\d+$/.test(token)) {
    const n = Number(token);
    return n >= rule.min && n <= rule.max ? n : undefined;
  }
  const index = rule.names?.indexOf(token.toUpperCase()) ?? -1;
  return index < 0 ? undefined : index + (rule.names === MONTHS ? 1 : 0);
}

function isSpecial(item: string, rule: FieldRule): boolean {
  if (rule.name === 'day of month') {
    return item === '?' || item === 'L';
  }
  if (rule.name === 'day of week') {
    return item === '?' || item === 'L' || /^[0-7]L$/.test(item) || /^[0-7]#[1-5]$/.test(item);
  }
  return false;
}

function isValidItem(item: string, rule: FieldRule): boolean {
  if (isSpecial(item, rule)) {
    return true;
  }
  const [range = '', step, ...extra] = item.split('/');
  if (extra.length > 0 || (step !== undefined && !/^[1-9]\d*$/.test(step))) {
    return false;
  }
  if (range === '*') {
    return true;
  }
  const [from = '', to, ...more] = range.split('-');
  const low = fieldValue(from, rule);
  if (more.length > 0 || low === undefined) {
    return false;
  }
  const high = to === undefined ? low : fieldValue(to, rule);
  return high !== undefined && high >= low;
}

/** Why `expression` is not a usable cron expression, or undefined when it is. */
export function cronProblem(expression: string): string | undefined {
  const text = expression.trim();
  if (text.startsWith('@')) {
    return MACROS.has(text.toLowerCase()) ? undefined : `unknown macro ${text}`;
  }
  const fields = text.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5 && fields.length !== 6) {
    return `expected 5 fields (or 6 with seconds), got ${fields.length}`;
  }
  const rules = fields.length === 6 ? [SECOND, ...FIVE_FIELDS] : FIVE_FIELDS;
  for (const [i, field] of fields.entries()) {
    const rule = rules[i] as FieldRule;
    if (!field.split(',').every((item) => isValidItem(item, rule))) {
      return `invalid ${rule.name} field "${field}"`;
    }
  }
  return undefined;
}
