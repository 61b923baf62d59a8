import {
  DomainError,
  PER_FEED_JOB_PARAMETERS,
  type PipelineJobParams,
  type PipelineJobRequest,
} from '@podcast/contracts';

type Source = 'query' | 'body';

export interface MergedPipelineRequest {
  request: PipelineJobRequest;
  /** Where `feed` came from (`query.feed` or `body.feed`), for errors about its value. */
  feedField: string;
}

/**
 * The parameters of POST /api/jobs from the query and the JSON body (spec 01
 * leaves the transport open; the reference's clients use the query). A
 * parameter given in both with different values is a 400 naming it, and so
 * is a per-feed parameter without `feed` in either: a job is never widened
 * to a full batch by a parameter that went astray.
 */
export function mergePipelineRequest(
  query: PipelineJobRequest,
  body: PipelineJobRequest,
): MergedPipelineRequest {
  const errors: { field: string; message: string }[] = [];
  const request: Record<string, unknown> = {};
  const sourceOf: Record<string, Source> = {};
  for (const [source, given] of [
    ['query', query],
    ['body', body],
  ] as const) {
    for (const [key, value] of Object.entries(given)) {
      if (value === undefined) {
        continue;
      }
      if (key in request && request[key] !== value) {
        errors.push({
          field: `query.${key}`,
          message: `differs from body.${key}: give ${key} once, in the query or in the body`,
        });
      }
      request[key] ??= value;
      sourceOf[key] ??= source;
    }
  }
  if (request.feed === undefined) {
    for (const key of PER_FEED_JOB_PARAMETERS.filter((k) => request[k] !== undefined)) {
      errors.push({
        field: `${sourceOf[key]}.${key}`,
        message: `${key} needs feed: a full batch takes no per-feed parameter`,
      });
    }
  }
  if (errors.length > 0) {
    const [first] = errors;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    throw new DomainError('invalid', `${first?.field}: ${first?.message}${more}`, { errors });
  }
  return { request: request as PipelineJobRequest, feedField: `${sourceOf.feed ?? 'body'}.feed` };
}

/** What the job hands its command: the feed resolved to a URL (null for a full batch), defaults filled. */
export function pipelineJobParamsOf(
  request: PipelineJobRequest,
  feedUrl: string | null,
): PipelineJobParams {
  return {
    feed_url: feedUrl,
    skip_existing: request.skip_existing ?? false,
    append: request.append ?? false,
    max_episodes: request.max_episodes ?? null,
    episode_offset: request.episode_offset ?? null,
    episode_order: request.episode_order ?? null,
  };
}
