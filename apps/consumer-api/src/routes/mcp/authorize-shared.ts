import { OAuthError } from '@podcast/auth';
import { HttpError } from '@podcast/http-kit';

/** Refusals shown to the user (the redirect target is not trusted): a 400 problem. */
export function shown(err: unknown): never {
  if (err instanceof OAuthError) {
    throw new HttpError(400, err.description, { error: err.error });
  }
  throw err;
}
