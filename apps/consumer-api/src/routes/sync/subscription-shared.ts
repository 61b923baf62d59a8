import type { SimpleFormat } from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import { renderFeedList, syncedFeedUrls, type UserStateDeps } from '@podcast/user-state';

export const LIST = {
  description: 'The feed URLs as OPML, JSON or text',
  contentType: 'text/plain',
};

/** The one list every device of the user shares, as the simple API's `format` asks. */
export async function feedListReply(deps: UserStateDeps, userId: string, format: SimpleFormat) {
  const urls = await syncedFeedUrls(deps, userId);
  const { contentType, body } = renderFeedList(urls, format, deps.now());
  return rawReply(200, contentType, body);
}
