import { describe, expect, it } from '@jest/globals';
import { consumeLoginState } from '../src/index.js';
import { BACKENDS, useBackend } from './backends.js';
import { T0 } from './clock.js';

const TEN_MINUTES = 10 * 60_000;

describe.each(BACKENDS)('used login states on %s', (kind) => {
  const backend = useBackend(kind);

  it('accepts a state once and refuses it the second time', async () => {
    const expires = new Date(T0.getTime() + TEN_MINUTES);
    expect(await consumeLoginState(backend.db, 'state-a', expires, T0)).toBe(true);
    expect(await consumeLoginState(backend.db, 'state-a', expires, T0)).toBe(false);
  });

  it('lets exactly one of 20 concurrent callbacks with the same state win', async () => {
    const expires = new Date(T0.getTime() + TEN_MINUTES);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeLoginState(backend.db, 'state-race', expires, T0)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('sweeps states whose expiry has passed', async () => {
    const expires = new Date(T0.getTime() + TEN_MINUTES);
    await consumeLoginState(backend.db, 'state-old', expires, T0);
    const later = new Date(T0.getTime() + 2 * TEN_MINUTES);
    await consumeLoginState(
      backend.db,
      'state-new',
      new Date(later.getTime() + TEN_MINUTES),
      later,
    );
    const rows = await backend.db.selectFrom('used_login_states').select('state').execute();
    expect(rows.map((r) => r.state)).not.toContain('state-old');
  });
});
