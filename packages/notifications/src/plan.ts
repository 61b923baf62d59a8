import {
  type CommsRecord,
  DELIVERY_TEMPLATES,
  type DeliveryEnvelope,
  type DeliverySection,
  type DeliveryTemplate,
  envelopeId,
  type NotificationType,
  type PushSubscription,
} from '@podcast/contracts';
import type { OutboxInsert } from '@podcast/db';
import { isInboxAllowed, isTemplateAllowed, type RecipientFacts } from './consent.js';
import type { ContentIndex } from './content-index.js';
import {
  type Audience,
  type ContentEpisode,
  selectDigestSections,
  selectNudgeSection,
  selectRecapSections,
  selectRecommendationSections,
  type Window,
} from './digest-content.js';
import { dueSlotKinds, type SlotKind } from './due-slots.js';
import type { LocalTime } from './local-time.js';
import { dayKey, isoWeekKey, monthKey, nudgeKey } from './period-keys.js';
import { pushNotBefore } from './quiet-hours.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The recommendations' window, the longest a plan looks back over. */
export const LONGEST_WINDOW_DAYS = 31;

/**
 * How long an envelope stays deliverable after not_before (spec 02: never
 * flushed after an outage). A digest is still worth reading a day late, a
 * nudge or a recap is not.
 */
export const TEMPLATE_TTL_HOURS: Readonly<Record<DeliveryTemplate, number>> = {
  'your-week-digest.v1': 48,
  'resurface-nudge.v1': 12,
  'daily-recap.v1': 12,
  'recommendations-digest.v1': 72,
};

export interface PlannedUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  comms: CommsRecord;
  subscriptions: readonly PushSubscription[];
  audience: Audience;
  /** Episodes the user finished in the local day of the tick. */
  finishedToday: readonly ContentEpisode[];
}

export interface TickClock {
  /** The tick instant, the top of an hour. */
  at: Date;
  /** The user's clock at `at` and one hour earlier. */
  local: LocalTime;
  previous: LocalTime;
}

/** An in-app inbox entry; `key` makes a re-run write it once. */
export interface InboxEntry {
  key: string;
  user_id: string;
  type: NotificationType;
  title: string;
  text: string | null;
  deep_link: string | null;
}

export interface UserPlan {
  envelopes: DeliveryEnvelope[];
  inbox: InboxEntry[];
}

function envelopeOf(
  user: PlannedUser,
  template: DeliveryTemplate,
  period: string,
  sections: DeliverySection[],
  recipient: DeliveryEnvelope['recipient'],
  clock: TickClock,
  notBefore: Date,
): DeliveryEnvelope {
  const { type, channel } = DELIVERY_TEMPLATES[template];
  return {
    schema_version: '1',
    id: envelopeId(template, period, user.id),
    user_id: user.id,
    channel,
    type,
    template,
    recipient,
    consent_snapshot: {
      digest_enabled: user.comms.types.digest[channel],
      cadence: user.comms.digest_schedule.cadence,
      unsubscribe_ref: user.comms.unsubscribe_ref ?? null,
    },
    payload: { sections },
    not_before: notBefore.toISOString(),
    expires_at: new Date(notBefore.getTime() + TEMPLATE_TTL_HOURS[template] * HOUR).toISOString(),
    created_at: clock.at.toISOString(),
  };
}

function inboxOf(
  key: string,
  user: PlannedUser,
  type: NotificationType,
  sections: DeliverySection[],
) {
  const first = sections[0]?.items[0];
  const count = sections[0]?.items.length ?? 0;
  return {
    key,
    user_id: user.id,
    type,
    title: sections[0]?.title ?? 'Notification',
    text: first ? (count > 1 ? `${first.title} and ${count - 1} more` : first.title) : null,
    deep_link: first?.deep_link ?? null,
  } satisfies InboxEntry;
}

interface EmailSlot {
  template: DeliveryTemplate;
  period: string;
  sections: () => DeliverySection[];
}

function emailSlotOf(
  kind: Exclude<SlotKind, 'nudge'>,
  user: PlannedUser,
  index: ContentIndex,
  clock: TickClock,
): EmailSlot {
  const window = (days: number): Window => ({
    from: new Date(clock.at.getTime() - days * DAY),
    to: clock.at,
  });
  const weekly = user.comms.digest_schedule.cadence === 'weekly';
  switch (kind) {
    case 'digest':
      return {
        template: 'your-week-digest.v1',
        period: weekly ? isoWeekKey(clock.local) : dayKey(clock.local),
        sections: () => selectDigestSections(index, user.audience, window(weekly ? 7 : 1)),
      };
    case 'recommendations':
      return {
        template: 'recommendations-digest.v1',
        period: monthKey(clock.local),
        sections: () =>
          selectRecommendationSections(index, user.audience, window(LONGEST_WINDOW_DAYS)),
      };
    case 'recap':
      return {
        template: 'daily-recap.v1',
        period: dayKey(clock.local),
        sections: () => selectRecapSections(user.finishedToday),
      };
  }
}

/**
 * Everything one user is owed at one tick: the due slots in the user's zone,
 * each gated by consent (isTemplateAllowed / isInboxAllowed, both built on
 * channelEnabled) and by content. Pure: the same input plans the same ids,
 * which is what makes scheduler re-runs no-ops.
 */
export function planUser(user: PlannedUser, index: ContentIndex, clock: TickClock): UserPlan {
  const plan: UserPlan = { envelopes: [], inbox: [] };
  const facts: RecipientFacts = {
    email: user.email,
    emailVerified: user.emailVerified,
    pushSubscriptions: user.subscriptions.length,
  };
  for (const kind of dueSlotKinds(user.comms, clock.local, clock.previous)) {
    if (kind === 'nudge') {
      plan.envelopes.push(...nudgesOf(user, index, clock, facts));
      continue;
    }
    const slot = emailSlotOf(kind, user, index, clock);
    const { type } = DELIVERY_TEMPLATES[slot.template];
    const wantsEmail = isTemplateAllowed(user.comms, slot.template, facts);
    const wantsInbox = isInboxAllowed(user.comms, type);
    if (!wantsEmail && !wantsInbox) {
      continue;
    }
    const sections = slot.sections();
    if (sections.length === 0) {
      continue;
    }
    const id = envelopeId(slot.template, slot.period, user.id);
    if (wantsEmail && user.email !== null) {
      const recipient = { email: user.email, email_verified: user.emailVerified };
      plan.envelopes.push(
        envelopeOf(user, slot.template, slot.period, sections, recipient, clock, clock.at),
      );
    }
    if (wantsInbox) {
      plan.inbox.push(inboxOf(id, user, type, sections));
    }
  }
  return plan;
}

function nudgesOf(
  user: PlannedUser,
  index: ContentIndex,
  clock: TickClock,
  facts: RecipientFacts,
): DeliveryEnvelope[] {
  if (!isTemplateAllowed(user.comms, 'resurface-nudge.v1', facts)) {
    return [];
  }
  const notBefore = pushNotBefore(clock.at, clock.local, user.comms.quiet_hours);
  return user.subscriptions.flatMap((subscription) => {
    const period = nudgeKey(clock.local, subscription.endpoint);
    const sections = selectNudgeSection(index, user.audience, `${period}_${user.id}`);
    if (sections.length === 0) {
      return [];
    }
    const recipient = { push_subscription: subscription };
    return [envelopeOf(user, 'resurface-nudge.v1', period, sections, recipient, clock, notBefore)];
  });
}

/** The outbox row of an envelope: the envelope whole, plus the columns the seam filters on. */
export function outboxRowOf(envelope: DeliveryEnvelope): OutboxInsert {
  return {
    id: envelope.id,
    user_id: envelope.user_id,
    channel: envelope.channel,
    type: envelope.type,
    template: envelope.template,
    envelope: envelope as unknown as Record<string, unknown>,
    not_before: envelope.not_before,
    expires_at: envelope.expires_at,
    created_at: envelope.created_at,
  };
}
