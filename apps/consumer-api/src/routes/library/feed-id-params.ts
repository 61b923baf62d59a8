import { z } from '@podcast/contracts';

/** A show's feed id as it appears in the path (e.g. `sha256:…`, URL-encoded or not). */
export const FeedIdParams = z.object({ feed_id: z.string().min(1).max(300) });
