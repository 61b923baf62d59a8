import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { answerFamily, readAnswerBook, writeAnswerBook } from '../src/recorded-answers.js';

describe('recorded answers on disk', () => {
  it('files an answer by the literal head of its path', () => {
    expect(answerFamily('/api/corpus/episodes?limit=7')).toBe('corpus-episodes');
    expect(answerFamily('/api/topics/topic%3Ajazz/timeline')).toBe('topics');
    expect(answerFamily('/api/app/episodes/sha256abc-1/insights')).toBe('episodes');
    expect(answerFamily('/api/app/playback/sha256abc-1')).toBe('playback');
  });

  it('writes one sorted, pretty file per family and reads the same book back', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'answers-')), 'book');
    const book = {
      '/api/corpus/stats': {
        status: 200,
        type: 'application/json',
        body: { z: 1, a: [{ y: 2, b: 3 }] },
      },
      '/api/corpus/episodes?limit=2': {
        status: 200,
        type: 'application/json',
        body: { items: [] },
      },
      '/api/corpus/episodes': {
        status: 400,
        type: 'application/problem+json',
        body: { title: 'x' },
      },
    };
    writeAnswerBook(dir, book);
    expect(readdirSync(dir).sort()).toEqual(['corpus-episodes.json', 'corpus-stats.json']);
    const episodes = readFileSync(join(dir, 'corpus-episodes.json'), 'utf8');
    expect(episodes.indexOf('"/api/corpus/episodes"')).toBeLessThan(episodes.indexOf('?limit=2'));
    expect(readFileSync(join(dir, 'corpus-stats.json'), 'utf8')).toContain('"a": [\n');
    expect(readAnswerBook(dir)).toEqual(book);
  });

  it('drops families that a new recording no longer has', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'answers-')), 'book');
    writeAnswerBook(dir, { '/api/health': { status: 200, type: 'application/json', body: {} } });
    writeFileSync(join(dir, 'notes.txt'), 'kept out of the book');
    writeAnswerBook(dir, { '/api/feeds': { status: 200, type: 'application/json', body: {} } });
    expect(readdirSync(dir)).toEqual(['feeds.json']);
    expect(readAnswerBook(join(dir, 'missing'))).toBeUndefined();
  });
});
