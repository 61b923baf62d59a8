import type { NotificationType } from '@podcast/contracts';
import { HttpError } from '@podcast/http-kit';

export const HTML_PAGE = { description: 'A small HTML page', contentType: 'text/html' };

/** The same answer for every unknown ref: nothing about users or refs leaks. */
export const unknownRef = () => new HttpError(404, 'this unsubscribe link is not valid');

const TYPE_NAMES: Record<NotificationType, string> = {
  digest: 'the digest emails',
  daily_recap: 'the daily recap emails',
  new_episodes: 'the new-episode emails',
  product: 'product news emails',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`;
}

/** The confirm page: a form that posts back to the same URL. Showing it changes nothing. */
export function confirmPage(ref: string, type: NotificationType): string {
  const action = `/api/app/comms/unsubscribe?ref=${encodeURIComponent(ref)}&type=${type}`;
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1><p>Stop ${TYPE_NAMES[type]}? Other emails stay as they are.</p>` +
      `<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(type: NotificationType): string {
  return page(
    'Unsubscribed',
    `<h1>Unsubscribed</h1><p>You will no longer receive ${TYPE_NAMES[type]}. Change this any time in the app's notification settings.</p>`,
  );
}
