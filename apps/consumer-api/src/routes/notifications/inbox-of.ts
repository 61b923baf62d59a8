import type { InboxList } from '@podcast/contracts';
import { listInbox } from '@podcast/db';
import type { ConsumerCtx } from '../../context.js';

/** The inbox as every inbox route answers it. */
export async function inboxOf(ctx: ConsumerCtx, userId: string): Promise<InboxList> {
  const { items, unread } = await listInbox(ctx.db, userId);
  return {
    unread,
    items: items.map((item) => ({
      ...item,
      type: item.type as InboxList['items'][number]['type'],
      created_at: item.created_at.toISOString(),
      read_at: item.read_at?.toISOString() ?? null,
    })),
  };
}
