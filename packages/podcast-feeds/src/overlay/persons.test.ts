import { describe, expect, it } from '@jest/globals';
import { castRoleOf, feedPersons } from './persons.js';

describe('podcast:person entries', () => {
  it.each([
    ['host', 'host'],
    ['Co-Host', 'co-host'],
    ['cohost', 'co-host'],
    ['guest_host', 'guest host'],
    ['GUEST', 'guest'],
    ['mentioned', undefined],
    ['producer', undefined],
    [undefined, undefined],
  ])('takes the KG role %s as the taxonomy role %s', (role, expected) => {
    expect(castRoleOf(role)).toBe(expected);
  });

  it('lists hosts before guests, each name once, and leaves out the people only mentioned', () => {
    expect(
      feedPersons([
        { name: 'Lu Chen', role: 'guest' },
        { name: 'Helena Brandt', role: 'mentioned' },
        { name: 'Ana  Ruiz', role: 'host' },
        { name: 'lu chen', role: 'guest' },
        { name: 'No Role' },
      ]),
    ).toEqual([
      { name: 'Ana Ruiz', role: 'host', group: 'cast' },
      { name: 'Lu Chen', role: 'guest', group: 'cast' },
    ]);
  });
});
