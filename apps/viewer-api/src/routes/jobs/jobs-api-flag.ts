import { Problem } from '@podcast/contracts';
import { type AnyRoute, HttpError } from '@podcast/http-kit';
import type { ViewerCtx } from '../../context.js';

/** The answer of every route of the jobs group while the jobs-API flag is off. */
export const JOBS_API_OFF = { 500: Problem.describe('The jobs API is disabled') };

/**
 * A route of the jobs group behind the jobs-API flag: mounted with
 * JOBS_API_ENABLED=false, it answers 500 naming the jobs API (spec 03
 * "Endpoints"). The group wraps every route it mounts, so a route added
 * later cannot forget the check.
 */
export function behindJobsApiFlag(route: AnyRoute<ViewerCtx>): AnyRoute<ViewerCtx> {
  return {
    ...route,
    responses: { ...JOBS_API_OFF, ...route.responses },
    handler: (input) => {
      if (!input.ctx.capabilities.jobs_api) {
        throw new HttpError(
          500,
          'the jobs API is disabled (JOBS_API_ENABLED=false): the jobs, scheduled-jobs and ' +
            'enrichment routes run on it',
        );
      }
      return route.handler(input);
    },
  };
}
