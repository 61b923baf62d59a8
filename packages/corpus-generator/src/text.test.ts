import { describe, expect, it } from '@jest/globals';
import { fileSafeTitle, slugify, titleCase } from './text.js';

describe('slugify', () => {
  it.each([
    ['Sodium-ion batteries', 'sodium-ion-batteries'],
    ['the Morrow Institute for Sleep Research', 'the-morrow-institute-for-sleep-research'],
    ['Salt & Shelf', 'salt-and-shelf'],
    ['Café  Society!', 'cafe-society'],
  ])('turns %j into %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe('titleCase', () => {
  it('capitalises words except small ones after the first', () => {
    expect(titleCase('the history of combined sewer overflows')).toBe(
      'The History of Combined Sewer Overflows',
    );
  });
});

describe('fileSafeTitle', () => {
  it.each([
    ['Who Pays for Sleep Apnea?', 30, 'Who Pays for Sleep Apnea_'],
    ['Jazz Clubs: What We Get Wrong', 30, 'Jazz Clubs_ What We Get Wrong'],
    ['The Quiet Revolution in Sodium-ion Batteries', 30, 'The Quiet Revolution in Sodium'],
    ['A Field Guide to  Napping ', 10, 'A Field Gu'],
  ])('makes %j safe and at most %i characters', (title, max, expected) => {
    expect(fileSafeTitle(title, max)).toBe(expected);
  });
});
