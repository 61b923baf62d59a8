/**
 * The message `load` throws, for env tests that check the one line naming the
 * variable. Fails (throws) when `load` accepts the input, so such a test
 * cannot pass by accident.
 */
export function configErrorOf(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected the configuration to be refused, but it was accepted');
}

/**
 * The whole message of a refused configuration: one line, `invalid
 * configuration: VARIABLE: what is wrong`, naming `variable`.
 */
export function configErrorLineNaming(variable: string): RegExp {
  return new RegExp(`^invalid configuration: ${variable}: [^\\n]+$`);
}
