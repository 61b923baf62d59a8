import type { Person } from './plan-types.js';
import { createRng, deriveSeed, type Rng } from './prng.js';
import { slugify } from './text.js';
import type { Domain } from './vocabulary/domain.js';
import { FIRST_NAMES, LAST_NAMES } from './vocabulary/names.js';

/** Guests who appear on shows of every domain, so people recur across feeds. */
const CROSS_SHOW_ROLES: ReadonlyArray<{ jobTitle: string; org: string }> = [
  { jobTitle: 'a science journalist', org: 'Longform Review' },
  { jobTitle: 'a policy researcher', org: 'the Civic Futures Institute' },
  { jobTitle: 'a public historian', org: 'the Open Archive Society' },
];

export interface PeoplePools {
  hostsByFeed: Person[][];
  guestsByDomain: Map<string, Person[]>;
  crossShowGuests: Person[];
}

export function makePerson(
  name: string,
  role: Person['role'],
  extra: Partial<Person> = {},
): Person {
  return { id: `person:${slugify(name)}`, name, role, ...extra };
}

/** Unique full names in a seeded order; middle initials once the plain combinations run out. */
export function createNameSource(rng: Rng): () => string {
  const plain = rng.shuffle(
    FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`)),
  );
  let index = 0;
  return () => {
    const base = plain[index % plain.length] as string;
    const round = Math.floor(index / plain.length);
    index += 1;
    if (round === 0) {
      return base;
    }
    const [first, last] = base.split(' ');
    return `${first} ${String.fromCharCode(64 + (round % 26 || 26))}. ${last}`;
  };
}

export function planPeople(seed: number, feedDomains: readonly Domain[]): PeoplePools {
  const rng = createRng(deriveSeed(seed, 'people'));
  const nextName = createNameSource(rng);
  const hostsByFeed = feedDomains.map((_, index) => {
    const count = createRng(deriveSeed(seed, 'host-count', index)).chance(0.45) ? 2 : 1;
    return Array.from({ length: count }, () => makePerson(nextName(), 'host'));
  });
  const guestsByDomain = new Map<string, Person[]>();
  for (const domain of new Set(feedDomains)) {
    const feedsInDomain = feedDomains.filter((d) => d === domain).length;
    const size = Math.min(40, 4 + 2 * feedsInDomain);
    guestsByDomain.set(
      domain.key,
      Array.from({ length: size }, () =>
        makePerson(nextName(), 'guest', {
          jobTitle: rng.pick(domain.roles),
          org: rng.pick(domain.orgs),
        }),
      ),
    );
  }
  const crossShowGuests = CROSS_SHOW_ROLES.map((role) =>
    makePerson(nextName(), 'guest', { ...role }),
  );
  return { hostsByFeed, guestsByDomain, crossShowGuests };
}

export function figuresOf(domain: Domain): Person[] {
  return domain.figures.map((name) => makePerson(name, 'mentioned'));
}
