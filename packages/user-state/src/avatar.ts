import { createHash } from 'node:crypto';

const PALETTE = [
  '#0b57d0',
  '#b3261e',
  '#146c2e',
  '#7d5260',
  '#6750a4',
  '#8c4a00',
  '#006a6a',
  '#5c5f62',
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Up to two initials of a name (letters of any script), else "?". */
export function initialsOf(name: string | null): string {
  const words = (name ?? '').normalize('NFC').match(/\p{L}[\p{L}\p{M}'-]*/gu) ?? [];
  const letters = words.slice(0, 2).map((word) => [...word][0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

/**
 * A user's avatar as an SVG: initials on a colour picked from the user id,
 * so it is stable and needs no upload. The text is escaped; the id never
 * appears in the image.
 */
export function avatarSvg(userId: string, name: string | null): string {
  const hue = createHash('sha256').update(userId).digest()[0] ?? 0;
  const colour = PALETTE[hue % PALETTE.length];
  const text = escapeXml(initialsOf(name));
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">' +
    `<rect width="128" height="128" rx="64" fill="${colour}"/>` +
    '<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" ' +
    `font-size="52" fill="#ffffff">${text}</text></svg>`
  );
}
