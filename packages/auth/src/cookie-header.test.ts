import { describe, expect, it } from '@jest/globals';
import { parseCookieHeader } from './cookie-header.js';

describe('parseCookieHeader', () => {
  it.each([
    [undefined, {}],
    ['', {}],
    ['a=1', { a: '1' }],
    ['a=1; b=two words', { a: '1', b: 'two words' }],
    ['a=1;b=2', { a: '1', b: '2' }],
    ['a=first; a=second', { a: 'first' }],
    ['a="quoted"', { a: 'quoted' }],
    ['a=x%2Ey', { a: 'x.y' }],
    ['a=%E0%A4%A', { a: '%E0%A4%A' }],
    ['novalue; =orphan; b=1=2', { b: '1=2' }],
  ])('reads %p', (header, expected) => {
    expect(Object.fromEntries(parseCookieHeader(header))).toEqual(expected);
  });
});
