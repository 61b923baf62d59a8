import { JobAccepted, PipelineJobQuery, PipelineJobRequest, Problem } from '@podcast/contracts';
import { resolveCorpusRoot, resolvePipelineFeed } from '@podcast/corpus';
import { mergePipelineRequest, pipelineJobParamsOf } from '@podcast/jobs';
import { defineRoute } from '../../context.js';
import { accept, ENQUEUE_PROBLEMS, IDEMPOTENCY } from './enqueue-shared.js';
import { idempotencyKeyOf } from './jobs-access.js';

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
