import { describe, expect, it } from '@jest/globals';
import { databaseOutageRetryAfter, isDatabaseOutage } from './database-outage.js';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isDatabaseOutage', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED'), true],
    ['a server shutting down (57P01)', withCode('57P01'), true],
    ['a server starting up (57P03)', withCode('57P03'), true],
    ['a connection exception (08006)', withCode('08006'), true],
    ['a lost connection', new Error('Connection terminated unexpectedly'), true],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect'), true],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED')], 'x'), true],
    ['a unique violation', withCode('23505'), false],
    ['a syntax error', withCode('42601'), false],
    ['a plain error', new Error('boom'), false],
    ['a string', 'ECONNREFUSED', false],
  ])('%s → %s', (_what, err, expected) => {
    expect(isDatabaseOutage(err)).toBe(expected);
  });

  it('tells the kit to retry in 2 s for an outage only', () => {
    expect(databaseOutageRetryAfter(withCode('ECONNREFUSED'))).toBe(2);
    expect(databaseOutageRetryAfter(withCode('23505'))).toBeUndefined();
  });
});
