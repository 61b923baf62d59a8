import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createScratch } from '@podcast/testing';
import { readLogTail } from './job-files.js';
import { parseCommandLine } from './pipeline-command.js';

const scratch = createScratch('job-files');
afterAll(() => scratch.remove());

describe('readLogTail', () => {
  it('is empty for a log not written yet', async () => {
    expect(await readLogTail(join(scratch.dir, 'none.log'), 10)).toEqual({
      text: '',
      offset: 0,
      size: 0,
      truncated: false,
    });
  });

  it('starts at a line start and never inside a UTF-8 character', async () => {
    const file = join(scratch.dir, 'a.log');
    writeFileSync(file, 'first line\nsecond ünïcødé line\nthird\n');
    const whole = await readLogTail(file, 1000);
    expect(whole).toMatchObject({ offset: 0, truncated: false });
    const tail = await readLogTail(file, 12);
    expect(tail.text).toBe('third\n');
    expect(tail.offset + Buffer.byteLength(tail.text)).toBe(tail.size);
    const noNewline = join(scratch.dir, 'b.log');
    writeFileSync(noNewline, 'ééééééééé');
    const cut = await readLogTail(noNewline, 5);
    expect(cut.text).toBe('éé');
  });
});

describe('parseCommandLine', () => {
  it('takes a JSON array or space-separated words', () => {
    expect(parseCommandLine('["python3","-m","pipe line"]')).toEqual([
      'python3',
      '-m',
      'pipe line',
    ]);
    expect(parseCommandLine('  python3  -m pipeline ')).toEqual(['python3', '-m', 'pipeline']);
  });

  it.each([['[]'], ['["", "x"]'], ['[1]'], ['   ']])('refuses %j', (text) => {
    expect(() => parseCommandLine(text)).toThrow();
  });
});
