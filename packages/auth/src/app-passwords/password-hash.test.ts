import { describe, expect, it } from '@jest/globals';
import { HashGate } from './hash-gate.js';
import {
  APP_PASSWORD_COST,
  hashAppPassword,
  unmatchableHash,
  verifyAppPassword,
} from './password-hash.js';
import { createSyncSignIn } from './sync-sign-in.js';

describe('app password hashes', () => {
  it('are made at N=2^15, r=8, p=1 unless a cost is given', async () => {
    expect(APP_PASSWORD_COST).toEqual({ N: 32768, r: 8, p: 1 });
    const stored = await hashAppPassword('abcd-efgh');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyAppPassword('abcd-efgh', stored)).toBe(true);
    expect(await verifyAppPassword('abcd-efgi', stored)).toBe(false);
  });

  it('keep their own cost, so a hash made at another cost still verifies', async () => {
    const cheap = { N: 1024, r: 8, p: 1 };
    const stored = await hashAppPassword('abcd-efgh', undefined, cheap);
    expect(stored.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyAppPassword('abcd-efgh', stored)).toBe(true);
  });

  it('have an unmatchable twin at the same cost that no password verifies against', async () => {
    expect(unmatchableHash(APP_PASSWORD_COST).startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyAppPassword('', unmatchableHash({ N: 1024, r: 8, p: 1 }))).toBe(false);
  });

  it("are made at the product's cost by a sign-in state built without options", () => {
    expect(createSyncSignIn().hashing.cost).toEqual(APP_PASSWORD_COST);
    expect(new HashGate({ concurrency: 1, maxWaiting: 0 }).cost).toEqual(APP_PASSWORD_COST);
  });
});
