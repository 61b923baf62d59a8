import type { AnyRoute } from '@podcast/http-kit';
import type { ViewerCtx } from '../../context.js';
import { enqueueEnrichmentJob, enqueuePipelineJob } from './enqueue-routes.js';
import { getScheduledJobs } from './get-scheduled-jobs.js';
import { getJobLog, getJobLogTail, getSubprocessLog, getSubprocessLogTail } from './log-routes.js';
import { cancelJobRoute, getJob, listJobs, reconcileJobsRoute } from './registry-routes.js';

/** The jobs group (mounted only with REDIS_URL); literal paths before `{job_id}`. */
export const jobsRoutes: AnyRoute<ViewerCtx>[] = [
  listJobs,
  enqueuePipelineJob,
  enqueueEnrichmentJob,
  reconcileJobsRoute,
  getSubprocessLog,
  getSubprocessLogTail,
  getJob,
  cancelJobRoute,
  getJobLog,
  getJobLogTail,
  getScheduledJobs,
];
