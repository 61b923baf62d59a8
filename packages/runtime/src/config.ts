import type { z } from 'zod';

/** A configuration problem; its message is one line naming the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a zod object. Empty strings count as
 * unset, the way shells and compose files usually mean them.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): Readonly<z.output<S>> {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path.join('.') || 'environment';
    throw new ConfigError(`invalid configuration: ${variable}: ${issue?.message ?? 'invalid'}`);
  }
  return Object.freeze(result.data);
}
