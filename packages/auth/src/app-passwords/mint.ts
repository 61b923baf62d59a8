import { randomBytes } from 'node:crypto';

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A new app password: 24 characters of a 31-letter alphabet in groups of
 * four, easy to type into a phone, and its id. The first group is its
 * selector, stored in clear so a sign-in checks one hash; the other five
 * (about 99 bits) are the secret.
 */
export function mintAppPassword(random: (size: number) => Buffer = randomBytes): {
  id: string;
  password: string;
  selector: string;
} {
  const chars: string[] = [];
  // Rejection sampling keeps every letter equally likely.
  while (chars.length < 24) {
    for (const byte of random(32)) {
      if (byte < 248 && chars.length < 24) {
        chars.push(ALPHABET[byte % ALPHABET.length] as string);
      }
    }
  }
  const groups = [0, 4, 8, 12, 16, 20].map((at) => chars.slice(at, at + 4).join(''));
  return {
    id: `ap_${random(12).toString('hex')}`,
    password: groups.join('-'),
    selector: groups[0] as string,
  };
}

/** The selector a sent password names: its first group, as sent. */
export function selectorOf(password: string): string {
  return password.slice(0, 4);
}

/**
 * The names to try, in order, for the user name a podcast app logs in
 * with: the e-mail's local part (or the display name) made safe, then the
 * same with the end of the user id, then the user id itself.
 */
export function syncUsernameCandidates(user: {
  id: string;
  email: string | null;
  name: string | null;
}): string[] {
  const source = user.email?.split('@')[0] ?? user.name ?? '';
  const base = source
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 40);
  const plain = user.id.replace(/[^a-z0-9]/g, '');
  const named = base === '' ? [] : [base, `${base}-${plain.slice(-8)}`];
  return [...named, plain];
}
