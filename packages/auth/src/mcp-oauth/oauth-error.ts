/**
 * A refusal in OAuth's own terms (RFC 6749 §5.2, RFC 7591 §3.2.2): the
 * status, the `error` code a client switches on, and a description that
 * names the parameter at fault.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
  }

  get body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
