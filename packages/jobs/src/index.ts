export type { EmptyRedisDeps, EmptyRedisWatch } from './empty-redis.js';
export { watchForEmptyRedis } from './empty-redis.js';
export type { LogTail } from './job-files.js';
export {
  jobFileRelpaths,
  jobFiles,
  jobsMirrorPath,
  jobsPausedPath,
  mirrorJob,
  readLogTail,
} from './job-files.js';
export { failStalledJob, settleLostRunners } from './lost-runner.js';
export { parseCommandLine, pipelineArgs, subprocessExecutor } from './pipeline-command.js';
export type { MergedPipelineRequest } from './pipeline-request.js';
export { mergePipelineRequest, pipelineJobParamsOf } from './pipeline-request.js';
export type { JobMessage, QueueSettings } from './queues.js';
export {
  JobQueues,
  producerConnection,
  queueNameOf,
  queueOptions,
  workerConnection,
  workerOptions,
} from './queues.js';
export type { CancelOutcome, CreateOutcome, NewJob, RegistryDeps } from './registry.js';
export {
  epochKeyOf,
  IDEMPOTENCY_TTL_S,
  JobRegistry,
  LEASE_MS,
  newJobId,
  RECOVERING,
} from './registry.js';
export type { ExecutionIo, ExecutionResult, JobExecutor, RunJobDeps } from './run-job.js';
export { CancelWatcher, runJob } from './run-job.js';
export { FULL_BATCH_PARAMS, JobScheduler } from './scheduler.js';
export type { ScheduleRow } from './schedules.js';
export { cronProblem, nextRunAt, SCHEDULED_COMMANDS, scheduleRows } from './schedules.js';
export type { JobsService, Reconciled } from './service.js';
export { cancelJob, enqueueJob, reconcileJobs } from './service.js';
export type { SubprocessResult, SubprocessSpec } from './subprocess.js';
export { runSubprocess } from './subprocess.js';
