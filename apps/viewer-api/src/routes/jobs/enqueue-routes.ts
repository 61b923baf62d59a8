import {
  CorpusPathQuery,
  DomainError,
  EnrichmentJobRequest,
  JobAccepted,
  PipelineJobQuery,
  PipelineJobRequest,
  Problem,
} from '@podcast/contracts';
import { resolveCorpusRoot, resolvePipelineFeed } from '@podcast/corpus';
import { reply } from '@podcast/http-kit';
import { enqueueJob, mergePipelineRequest, type NewJob, pipelineJobParamsOf } from '@podcast/jobs';
import { defineRoute, type ViewerCtx } from '../../context.js';
import { idempotencyKeyOf, REDIS_DOWN, withJobs } from './jobs-access.js';

const IDEMPOTENCY =
  'An `Idempotency-Key` header (1-255 printable characters) makes a repeat answer the first ' +
  'job instead of enqueueing a second; the same key with a different body is a 422.';

const ENQUEUE_PROBLEMS = {
  422: Problem.describe('The Idempotency-Key was used for a different request'),
  ...REDIS_DOWN,
};

/** Enqueues under the request's Idempotency-Key (checked before anything else is read). */
async function accept(
  ctx: ViewerCtx,
  idempotencyKey: string | undefined,
  job: Omit<NewJob, 'idempotencyKey'>,
) {
  const outcome = await withJobs(ctx, (jobs) =>
    enqueueJob(jobs, { ...job, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) }),
  );
  if (outcome.kind === 'key_reused') {
    throw new DomainError(
      'unprocessable',
      `headers.idempotency-key: this key made job ${outcome.jobId} with a different body`,
      { field: 'headers.idempotency-key', job_id: outcome.jobId },
    );
  }
  return reply(202, {
    job_id: outcome.job.job_id,
    status: outcome.job.status,
    corpus_path: outcome.job.corpus_path,
    command_type: outcome.job.command_type,
    deduplicated: outcome.kind === 'deduplicated',
  });
}

export const enqueuePipelineJob = defineRoute({
  method: 'post',
  path: '/api/jobs',
  summary: 'Enqueue a pipeline job',
  description:
    'Queues a run of the pipeline command (PIPELINE_COMMAND on the runner) over this corpus. ' +
    'Parameters travel in the query or in the JSON body (the same one in both must agree, else ' +
    '400). `feed` is an http(s) RSS URL or a feed-workspace slug resolved through the feeds ' +
    'spec (404 when unknown); append, max_episodes, episode_offset and episode_order need ' +
    `feed. Without feed the job is a full batch. ${IDEMPOTENCY} Needs the operator token.`,
  tags: ['jobs'],
  auth: 'operator',
  query: PipelineJobQuery,
  // No body at all is a full batch with every default (unless the query says otherwise).
  body: PipelineJobRequest.optional(),
  responses: {
    202: JobAccepted,
    404: Problem.describe('The feed slug is not in the feeds spec or the manifest'),
    ...ENQUEUE_PROBLEMS,
  },
  handler: async ({ ctx, query: { path, ...fromQuery }, body, req }) => {
    const idempotencyKey = idempotencyKeyOf(req);
    const { request, feedField } = mergePipelineRequest(fromQuery, body ?? {});
    const root = await resolveCorpusRoot(path, ctx.config.corpusRoots);
    const feedUrl =
      request.feed === undefined ? null : await resolvePipelineFeed(root, request.feed, feedField);
    const params = pipelineJobParamsOf(request, feedUrl);
    return accept(ctx, idempotencyKey, { commandType: 'pipeline', corpusPath: root, params });
  },
});

export const enqueueEnrichmentJob = defineRoute({
  method: 'post',
  path: '/api/jobs/enrichment',
  summary: 'Enqueue an enrichment run',
  description:
    'Queues a run of the `enrich` command over this corpus (spec 03): `only` and `skip` name ' +
    `enricher ids, corpus_only leaves out the episode-scope enrichers. ${IDEMPOTENCY} ` +
    'Needs the operator token.',
  tags: ['jobs', 'enrichment'],
  auth: 'operator',
  query: CorpusPathQuery,
  // No body at all runs the configured enrichers (spec 03: every field optional).
  body: EnrichmentJobRequest.optional(),
  responses: { 202: JobAccepted, ...ENQUEUE_PROBLEMS },
  handler: async ({ ctx, query, body: given, req }) => {
    const body = given ?? {};
    const idempotencyKey = idempotencyKeyOf(req);
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const params = {
      only: body.only ?? [],
      skip: body.skip ?? [],
      corpus_only: body.corpus_only ?? false,
    };
    return accept(ctx, idempotencyKey, {
      commandType: 'corpus_enrichment',
      corpusPath: root,
      params,
    });
  },
});
