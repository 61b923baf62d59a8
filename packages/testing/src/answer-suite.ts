import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { answersOf, listenOnLoopback, recordingFor } from './recorded-answers.js';
import { createScratch } from './sample-corpus.js';

/*
 * The recorded-answers check, declared inside a jest suite (a subpath of its
 * own, like route-probes: it imports @jest/globals). The app under test is
 * built over a freshly generated answer corpus and every URL the planner
 * names is compared with the recording.
 */

/** What the suite needs of an app: its handler, a way to read its snapshot, and a close. */
export interface AnswerApp<S> {
  handler: Parameters<typeof listenOnLoopback>[0];
  snapshot(): Promise<S>;
  close(): Promise<void>;
}

export interface AnswerSuite<S> {
  /**
   * Writes the answer corpus at `out`: the generator with ANSWER_CORPUS
   * (passed in, as the generator package's own tests depend on this one).
   */
  generate(out: string): Promise<unknown>;
  /** The gzipped recording, checked in beside the test. */
  recording: string;
  /** Builds the app over the corpus at `root` with the suite's fixed clock. */
  build(root: string, now: () => Date): Promise<AnswerApp<S>>;
  /** The URLs to ask, in a fixed order, planned from the app's snapshot. */
  urls(snapshot: S): string[];
}

/** The clock every recording was made at: the day after the generator's newest episode. */
export const ANSWER_CLOCK = new Date('2026-11-16T12:00:00Z');

export function declareAnswerSuite<S>(label: string, suite: AnswerSuite<S>): void {
  const scratch = createScratch(`${label}-answers`);
  const root = join(scratch.dir, 'corpus');
  let app: AnswerApp<S> | undefined;
  let server: Awaited<ReturnType<typeof listenOnLoopback>> | undefined;

  beforeAll(async () => {
    await suite.generate(root);
    app = await suite.build(root, () => ANSWER_CLOCK);
    server = await listenOnLoopback(app.handler);
  }, 60_000);

  afterAll(async () => {
    try {
      await server?.close();
      await app?.close();
    } finally {
      scratch.remove();
    }
  });

  it('answers every recorded request as recorded', async () => {
    if (app === undefined || server === undefined) {
      throw new Error('the app did not start');
    }
    const answers = await answersOf(server.base, suite.urls(await app.snapshot()), root);
    const recorded = recordingFor(suite.recording, answers);
    expect(Object.keys(answers)).toEqual(Object.keys(recorded));
    for (const [url, answer] of Object.entries(answers)) {
      expect({ url, ...answer }).toEqual({ url, ...recorded[url] });
    }
  }, 120_000);
}
