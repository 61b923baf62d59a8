import { inflateSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { crc32, encodePng } from './png.js';

describe('crc32', () => {
  it.each([
    ['', 0],
    ['123456789', 0xcbf43926],
    ['IEND', 0xae426082],
  ])('matches the reference CRC-32 of %j', (text, expected) => {
    expect(crc32(Buffer.from(text, 'latin1'))).toBe(expected);
  });
});

describe('encodePng', () => {
  it('writes the signature and an IHDR carrying the requested size', () => {
    const png = encodePng(7, 5, (_y, row) => row.fill(200));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(7);
    expect(png.readUInt32BE(20)).toBe(5);
  });

  it('stores rows that decode back to the painted pixels', () => {
    const paint = (y: number, row: Uint8Array) => {
      for (let x = 0; x < row.length; x++) {
        row[x] = (x * 13 + y * 7) & 0xff;
      }
    };
    const png = encodePng(4, 3, paint);
    const idatLength = png.readUInt32BE(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    const expected = new Uint8Array(12);
    for (let y = 0; y < 3; y++) {
      const line = raw.subarray(y * 13, y * 13 + 13);
      expect(line[0]).toBe(1);
      const decoded = new Uint8Array(12);
      for (let x = 0; x < 12; x++) {
        decoded[x] = ((line[x + 1] as number) + (x >= 3 ? (decoded[x - 3] as number) : 0)) & 0xff;
      }
      paint(y, expected);
      expect([...decoded]).toEqual([...expected]);
    }
  });
});
