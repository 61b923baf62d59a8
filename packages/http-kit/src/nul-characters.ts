import { ValidationFailed } from './http-error.js';

/**
 * The dotted path of the first string (value or object key) in `value` that
 * holds U+0000, or undefined. PostgreSQL text and jsonb cannot store NUL, so
 * such input would fail deep in a query as a 500; no client has a reason to
 * send it. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNulCharacter(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) {
        return path;
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = `${path}.${key}`;
        if (key.includes('\u0000')) {
          return childPath;
        }
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/** Refuses a request part holding a NUL character with a 400 naming the field. */
export function refuseNulCharacters(where: string, value: unknown): void {
  const field = findNulCharacter(value, where);
  if (field !== undefined) {
    throw new ValidationFailed([{ field, message: 'must not contain a NUL character' }]);
  }
}
