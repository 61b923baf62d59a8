import type { CurrentUser } from '@podcast/contracts';
import type { User } from '@podcast/db';

/** Spec 01 "Current user": the stored user as clients see it. */
export function currentUserOf(user: User): CurrentUser {
  return { user_id: user.id, email: user.email, name: user.name };
}
