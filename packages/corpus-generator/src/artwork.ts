import { sha256Hex } from './hashing.js';
import { encodePng } from './png.js';
import { createRng } from './prng.js';

export const ART_SIZE = 640;
const ART_ROOT = '.podcast_scraper/corpus-art/sha256';

type Rgb = readonly [number, number, number];

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) =>
    Math.round((a[i] as number) * (1 - t) + (b[i] as number) * t),
  ) as unknown as Rgb;
}

/** Fills pixels [from, to) with one colour by doubling copies: a few calls per span instead of one per pixel. */
function fillSpan(row: Uint8Array, from: number, to: number, color: Rgb): void {
  const start = Math.max(0, Math.floor(from)) * 3;
  const end = Math.min(row.length / 3, Math.ceil(to)) * 3;
  if (end <= start) {
    return;
  }
  row.set(color, start);
  for (let filled = 3; filled < end - start; filled *= 2) {
    row.copyWithin(start + filled, start, start + Math.min(filled, end - start - filled));
  }
}

interface CoverShapes {
  circle: { cx: number; cy: number; r: number };
  bars: number[];
}

function coverShapes(seed: number, isEpisode: boolean): CoverShapes {
  const rng = createRng(seed);
  const r = rng.int(120, 200);
  return {
    circle: isEpisode
      ? { cx: rng.int(180, 460), cy: rng.int(160, 300), r: r - 40 }
      : { cx: rng.int(220, 420), cy: rng.int(200, 280), r },
    bars: Array.from({ length: 14 }, () => rng.int(30, 150)),
  };
}

/**
 * A 640×640 cover: vertical gradient in the show's colour, a disc and a row
 * of level-meter bars. Flat shapes keep the PNG around 10-20 KB.
 */
export function drawCoverPng(color: Rgb, seed: number, isEpisode: boolean): Buffer {
  const { circle, bars } = coverShapes(seed, isEpisode);
  const dark = mix(color, [0, 0, 0], 0.45);
  const light = mix(color, [255, 255, 255], 0.25);
  const disc = mix(color, [255, 255, 255], isEpisode ? 0.75 : 0.55);
  const bar: Rgb = [245, 245, 240];
  const barWidth = 24;
  const barGap = (ART_SIZE - 80 - bars.length * barWidth) / (bars.length - 1);
  return encodePng(ART_SIZE, ART_SIZE, (y, row) => {
    fillSpan(row, 0, ART_SIZE, mix(dark, light, y / (ART_SIZE - 1)));
    const dy = y - circle.cy;
    if (Math.abs(dy) < circle.r) {
      const dx = Math.sqrt(circle.r * circle.r - dy * dy);
      fillSpan(row, circle.cx - dx, circle.cx + dx, disc);
    }
    bars.forEach((height, i) => {
      if (y >= ART_SIZE - 60 - height && y < ART_SIZE - 60) {
        const left = 40 + i * (barWidth + barGap);
        fillSpan(row, left, left + barWidth, bar);
      }
    });
  });
}

function hex(color: Rgb): string {
  return `#${color.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function initials(title: string): string {
  const words = title.split(' ').filter((word) => /^[A-Z]/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

/** A square SVG cover with the show's initials; exercises the server's SVG thumbnail path. */
export function drawCoverSvg(title: string, color: Rgb): string {
  const dark = hex(mix(color, [0, 0, 0], 0.45));
  const light = hex(mix(color, [255, 255, 255], 0.3));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_SIZE}" height="${ART_SIZE}" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}">`,
    '  <defs>',
    '    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">',
    `      <stop offset="0" stop-color="${dark}"/>`,
    `      <stop offset="1" stop-color="${light}"/>`,
    '    </linearGradient>',
    '  </defs>',
    `  <rect width="${ART_SIZE}" height="${ART_SIZE}" fill="url(#bg)"/>`,
    `  <circle cx="320" cy="280" r="190" fill="none" stroke="#f5f5f0" stroke-width="18"/>`,
    `  <text x="320" y="330" font-family="sans-serif" font-size="150" font-weight="700" text-anchor="middle" fill="#f5f5f0">${initials(title)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

/** Content-addressed location in the art store (spec 04 §3). */
export function artRelpath(bytes: Uint8Array, extension: 'png' | 'svg'): string {
  const hash = sha256Hex(bytes);
  return `${ART_ROOT}/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.${extension}`;
}
