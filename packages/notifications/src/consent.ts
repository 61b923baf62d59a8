import {
  type CommsRecord,
  type ConsentChannel,
  channelEnabled,
  DELIVERY_TEMPLATES,
  type DeliveryTemplate,
  type NotificationType,
} from '@podcast/contracts';

/** What the gates need to know about the recipient besides the consent record. */
export interface RecipientFacts {
  email: string | null;
  emailVerified: boolean;
  /** Push subscriptions the user (still) has. */
  pushSubscriptions: number;
}

/** Whether the schedule of the type is paused (only digest and daily recap have one). */
export function isPaused(comms: CommsRecord, type: NotificationType): boolean {
  if (type === 'digest') {
    return comms.digest_schedule.paused;
  }
  if (type === 'daily_recap') {
    return comms.daily_recap_schedule.paused;
  }
  return false;
}

/**
 * The consent gate of a template (spec 02 "Templates"): its cell on, its
 * schedule not paused, and a reachable recipient (a verified address for
 * email, at least one subscription for push). Checked at enqueue and again
 * at pull.
 */
export function isTemplateAllowed(
  comms: CommsRecord,
  template: DeliveryTemplate,
  facts: RecipientFacts,
): boolean {
  const { type, channel } = DELIVERY_TEMPLATES[template];
  if (!channelEnabled(comms, type, channel) || isPaused(comms, type)) {
    return false;
  }
  return channel === 'email'
    ? facts.email !== null && facts.emailVerified
    : facts.pushSubscriptions > 0;
}

/** The in_app gate: inbox entries are written only when this holds. */
export function isInboxAllowed(comms: CommsRecord, type: NotificationType): boolean {
  return channelEnabled(comms, type, 'in_app') && !isPaused(comms, type);
}

function withCells(
  comms: CommsRecord,
  off: (type: NotificationType, channel: ConsentChannel) => boolean,
): CommsRecord {
  const types = { ...comms.types };
  for (const type of Object.keys(types) as NotificationType[]) {
    const cells = { ...types[type] };
    for (const channel of Object.keys(cells) as ConsentChannel[]) {
      if (off(type, channel)) {
        cells[channel] = false;
      }
    }
    types[type] = cells;
  }
  return { ...comms, types };
}

/** The record with one cell switched off (suppression, one-click unsubscribe). */
export function withCellOff(
  comms: CommsRecord,
  type: NotificationType,
  channel: ConsentChannel,
): CommsRecord {
  return withCells(comms, (t, c) => t === type && c === channel);
}

/** The record with push off for every type (the last subscription is gone). */
export function withPushOff(comms: CommsRecord): CommsRecord {
  return withCells(comms, (_t, c) => c === 'push');
}

/**
 * The live re-check at pull (spec 02 property 3): the template's gate with
 * today's record, the verification the envelope was made with, and whether
 * a push envelope's subscription still exists.
 */
export function isStillWanted(
  comms: CommsRecord,
  envelope: { template: DeliveryTemplate; recipient: object },
  facts: { endpoints: ReadonlySet<string> },
): boolean {
  const recipient = envelope.recipient as {
    email?: string;
    email_verified?: boolean;
    push_subscription?: { endpoint: string };
  };
  const endpoint = recipient.push_subscription?.endpoint;
  return isTemplateAllowed(comms, envelope.template, {
    email: recipient.email ?? null,
    emailVerified: recipient.email_verified === true,
    pushSubscriptions: endpoint !== undefined && facts.endpoints.has(endpoint) ? 1 : 0,
  });
}
