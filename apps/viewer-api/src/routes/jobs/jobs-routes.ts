import type { AnyRoute } from '@podcast/http-kit';
import type { ViewerCtx } from '../../context.js';
import { cancelJobRoute } from './cancel-job.js';
import { enqueueEnrichmentJob } from './enqueue-enrichment-job.js';
import { enqueuePipelineJob } from './enqueue-pipeline-job.js';
import { getJob } from './get-job.js';
import { getJobLog } from './get-job-log.js';
import { getJobLogTail } from './get-job-log-tail.js';
import { getScheduledJobs } from './get-scheduled-jobs.js';
import { getSubprocessLog } from './get-subprocess-log.js';
import { getSubprocessLogTail } from './get-subprocess-log-tail.js';
import { listJobs } from './list-jobs.js';
import { reconcileJobsRoute } from './reconcile-jobs.js';

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
