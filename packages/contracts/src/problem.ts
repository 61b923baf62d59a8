import { z } from './zod.js';

export const ProblemFieldError = z.object({
  field: z.string().openapi({ example: 'query.limit' }),
  message: z.string(),
});

/** RFC 9457 problem details. `detail` is always present: clients read it. */
export const Problem = z
  .object({
    type: z.string().openapi({ example: 'about:blank' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    request_id: z.string().optional(),
    errors: z.array(ProblemFieldError).optional(),
  })
  .catchall(z.unknown())
  .openapi('Problem');
export type Problem = z.infer<typeof Problem>;
