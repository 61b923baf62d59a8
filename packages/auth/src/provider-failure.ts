import { DomainError } from '@podcast/contracts';

/**
 * The OAuth provider failed, timed out or answered something unusable
 * (spec 01 Errors: 502). The message names the step, never a token or secret.
 */
export class ProviderFailure extends DomainError {
  constructor(message: string) {
    super('upstream', `sign-in provider failed: ${message}`);
  }
}
