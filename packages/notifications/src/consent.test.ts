import { describe, expect, it } from '@jest/globals';
import { CommsRecord, type CommsRecordInput, type DeliveryTemplate } from '@podcast/contracts';
import {
  isInboxAllowed,
  isStillWanted,
  isTemplateAllowed,
  type RecipientFacts,
  withCellOff,
  withPushOff,
} from './consent.js';

const reachable: RecipientFacts = {
  email: 'ann@example.com',
  emailVerified: true,
  pushSubscriptions: 1,
};
const allOn: CommsRecordInput = {
  types: {
    digest: { email: true, push: true },
    daily_recap: { email: true, push: true },
  },
};
const digestPaused: CommsRecordInput = { ...allOn, digest_schedule: { paused: true } };
const recapPaused: CommsRecordInput = { ...allOn, daily_recap_schedule: { paused: true } };

describe('isTemplateAllowed', () => {
  it.each<[string, CommsRecordInput, RecipientFacts, DeliveryTemplate, boolean]>([
    ['digest email on', allOn, reachable, 'your-week-digest.v1', true],
    ['defaults: email is opt-in', {}, reachable, 'your-week-digest.v1', false],
    ['defaults: push is opt-in', {}, reachable, 'resurface-nudge.v1', false],
    ['digest paused', digestPaused, reachable, 'your-week-digest.v1', false],
    ['digest paused stops nudges', digestPaused, reachable, 'resurface-nudge.v1', false],
    [
      'digest paused stops recommendations',
      digestPaused,
      reachable,
      'recommendations-digest.v1',
      false,
    ],
    [
      'unverified address',
      allOn,
      { ...reachable, emailVerified: false },
      'your-week-digest.v1',
      false,
    ],
    ['no address', allOn, { ...reachable, email: null }, 'daily-recap.v1', false],
    [
      'no push subscription',
      allOn,
      { ...reachable, pushSubscriptions: 0 },
      'resurface-nudge.v1',
      false,
    ],
    ['recap on', allOn, reachable, 'daily-recap.v1', true],
    ['recap paused', recapPaused, reachable, 'daily-recap.v1', false],
    ['recap paused leaves the digest', recapPaused, reachable, 'your-week-digest.v1', true],
  ])('%s → %p', (_case, input, facts, template, allowed) => {
    expect(isTemplateAllowed(CommsRecord.parse(input), template, facts)).toBe(allowed);
  });
});

describe('isInboxAllowed', () => {
  it.each<[string, CommsRecordInput, boolean]>([
    ['default on', {}, true],
    ['cell off', { types: { digest: { in_app: false } } }, false],
    ['paused', { digest_schedule: { paused: true } }, false],
  ])('%s → %p', (_case, input, allowed) => {
    expect(isInboxAllowed(CommsRecord.parse(input), 'digest')).toBe(allowed);
  });
});

describe('isStillWanted', () => {
  const comms = CommsRecord.parse(allOn);
  const push = {
    template: 'resurface-nudge.v1' as const,
    recipient: { push_subscription: { endpoint: 'https://p/1' } },
  };
  const email = {
    template: 'daily-recap.v1' as const,
    recipient: { email: 'a@b.c', email_verified: true },
  };
  it.each<[string, CommsRecord, typeof push | typeof email, string[], boolean]>([
    ['push with its subscription', comms, push, ['https://p/1'], true],
    ['push whose subscription was removed', comms, push, ['https://p/2'], false],
    ['email still on', comms, email, [], true],
    ['email switched off since', withCellOff(comms, 'daily_recap', 'email'), email, [], false],
    ['paused since', CommsRecord.parse(recapPaused), email, [], false],
  ])('%s → %p', (_case, record, envelope, endpoints, wanted) => {
    expect(isStillWanted(record, envelope, { endpoints: new Set(endpoints) })).toBe(wanted);
  });
});

describe('suppression write-back', () => {
  it('switches off exactly one cell', () => {
    const after = withCellOff(CommsRecord.parse(allOn), 'daily_recap', 'email');
    expect(after.types.daily_recap).toEqual({ email: false, push: true, in_app: true });
    expect(after.types.digest).toEqual({ email: true, push: true, in_app: true });
  });

  it('switches push off for every type and nothing else', () => {
    const after = withPushOff(CommsRecord.parse(allOn));
    for (const cells of Object.values(after.types)) {
      expect(cells.push).toBe(false);
    }
    expect(after.types.digest.email).toBe(true);
  });
});
