import type { z } from './zod.js';

/**
 * A superRefine that requires `value[list]` to be in ascending order of
 * `field`, reporting the first item out of place by its path.
 */
export function requireAscending<K extends string, F extends string>(
  list: K,
  field: F,
  message: string,
) {
  return (value: Record<K, ReadonlyArray<Record<F, number>>>, ctx: z.RefinementCtx) => {
    value[list].forEach((item, index) => {
      const previous = value[list][index - 1];
      if (previous && item[field] < previous[field]) {
        ctx.addIssue({ code: 'custom', path: [list, index, field], message });
      }
    });
  };
}
