import { describe, expect, it } from '@jest/globals';
import { CLIENT_TS_FUTURE_MS, CLIENT_TS_PAST_MS, clientTime } from '../src/client-time.js';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const seconds = (ms: number) => ms / 1000;

describe('clientTime', () => {
  it('answers the server time when the client says nothing', () => {
    expect(clientTime(undefined, NOW)).toEqual(NOW);
  });

  it('believes a time inside the window, to the millisecond', () => {
    const at = NOW.getTime() - 3 * 86_400_000 + 250;
    expect(clientTime(seconds(at), NOW).getTime()).toBe(at);
  });

  it('pulls a time too far ahead or too far back to the window edge', () => {
    expect(clientTime(seconds(NOW.getTime() + 86_400_000), NOW).getTime()).toBe(
      NOW.getTime() + CLIENT_TS_FUTURE_MS,
    );
    expect(clientTime(0, NOW).getTime()).toBe(NOW.getTime() - CLIENT_TS_PAST_MS);
  });
});
