import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// A caller-supplied id is kept only when it is short and plain, so log lines
// cannot be forged or bloated through the header.
const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
