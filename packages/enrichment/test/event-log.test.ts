import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createScratch } from '@podcast/testing';
import { readEvents } from '../src/events/event-log.js';

const scratch = createScratch('event-log');
afterAll(() => scratch.remove());

// Each writer appends 300 events of about 3 KB with the package's own appender.
const WRITER = `
const { appendEvent } = await import(process.argv[1]);
const root = process.argv[2];
const who = process.argv[3];
for (let i = 0; i < 300; i += 1) {
  await appendEvent(root, { event_type: 'enrichment.enricher.started', ts: new Date().toISOString(),
    run_id: who, parent_run_id: null, enricher_id: 'e' + (i % 3), enricher_version: '1', tier: 'deterministic',
    attempt: i, job_id: null, pad: 'x'.repeat(3000) });
}
`;

function writer(who: string): Promise<number | null> {
  const module = new URL('../dist/events/event-log.js', import.meta.url).href;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', WRITER, module, scratch.dir, who],
    {
      stdio: 'inherit',
    },
  );
  return new Promise((resolve) => child.once('exit', resolve));
}

describe('the event log', () => {
  it('keeps every line whole under concurrent writers in separate processes', async () => {
    const codes = await Promise.all([writer('a'), writer('b'), writer('c')]);
    expect(codes).toEqual([0, 0, 0]);
    const lines = readFileSync(join(scratch.dir, 'enrichments', 'run.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(900);
    for (const line of lines) {
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });

  it('reads the newest events backwards with filters', async () => {
    const tail = await readEvents(scratch.dir, { enricher_id: 'e1', run_id: 'b', limit: 5 });
    expect(tail).toHaveLength(5);
    expect(tail.every((e) => e.enricher_id === 'e1' && e.run_id === 'b')).toBe(true);
    const attempts = tail.map((e) => e.attempt as number);
    expect(attempts).toEqual([...attempts].sort((x, y) => x - y));
    expect(attempts.at(-1)).toBe(298);
  });
});
