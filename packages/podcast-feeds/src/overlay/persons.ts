/** A person of an episode's knowledge graph, with the display name the bridge gives. */
export interface GraphPersonInput {
  name: string;
  role?: string;
}

/** Roles of the Podcast Taxonomy Project's "Cast" group that a knowledge graph can name. */
export type CastRole = 'host' | 'co-host' | 'guest host' | 'guest';

/** A `<podcast:person>`: role and group from the namespace's taxonomy (case-insensitive there). */
export interface FeedPerson {
  name: string;
  role: CastRole;
  group: 'cast';
}

const CAST_ROLES: Readonly<Record<string, CastRole>> = {
  host: 'host',
  cohost: 'co-host',
  'co host': 'co-host',
  'guest host': 'guest host',
  guest: 'guest',
};

/** Hosts before guests, as the show presents them. */
const ORDER: readonly CastRole[] = ['host', 'co-host', 'guest host', 'guest'];

/** The namespace asks aggregators to keep names under 128 characters. */
const NAME_CHARS = 128;

/** `host`, `Co-Host`, `guest_host`… as a taxonomy role; undefined for anything else. */
export function castRoleOf(role: string | undefined): CastRole | undefined {
  const key = role
    ?.toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
  return key === undefined ? undefined : CAST_ROLES[key];
}

/**
 * The hosts and guests of an episode's knowledge graph as podcast:person
 * entries: people the corpus only mentions (or whose role it does not
 * know) are left out; each name once, hosts first.
 */
export function feedPersons(persons: readonly GraphPersonInput[]): FeedPerson[] {
  const seen = new Set<string>();
  const cast: FeedPerson[] = [];
  for (const person of persons) {
    const role = castRoleOf(person.role);
    const name = person.name.replace(/\s+/g, ' ').trim().slice(0, NAME_CHARS);
    if (role !== undefined && name !== '' && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      cast.push({ name, role, group: 'cast' });
    }
  }
  return cast.sort((a, b) => ORDER.indexOf(a.role) - ORDER.indexOf(b.role));
}
