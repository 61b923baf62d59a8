import type { DeliveryEnvelope } from '@podcast/contracts';
import { RenderError } from './email-template.js';

export interface RenderedPush {
  title: string;
  body: string;
  /** The deep link, absolute under the app's base URL. */
  url: string;
  /** Lets the device replace an older notification of the same envelope. */
  tag: string;
}

const BODY_MAX = 180;

/** resurface-nudge.v1: the first item of the payload as title, body and deep link. */
export function renderPush(envelope: DeliveryEnvelope, appBaseUrl: string): RenderedPush {
  if (envelope.template !== 'resurface-nudge.v1' || envelope.channel !== 'push') {
    throw new RenderError(`template ${envelope.template} is not a push template`);
  }
  const section = envelope.payload.sections[0];
  const item = section?.items[0];
  if (section === undefined || item === undefined) {
    throw new RenderError('a push needs at least one item');
  }
  const detail = item.subtitle ?? item.text ?? section.title;
  const body = item.title === detail ? item.title : `${item.title} · ${detail}`;
  return {
    title: envelope.payload.headline ?? section.title,
    body: body.length > BODY_MAX ? `${body.slice(0, BODY_MAX - 1)}…` : body,
    url: `${appBaseUrl.replace(/\/+$/, '')}${item.deep_link}`,
    tag: envelope.id,
  };
}
