import {
  CorpusPathQuery,
  ForbiddenOperatorKeysProblem,
  OperatorConfigPut,
  OperatorConfigResponse,
  Problem,
} from '@podcast/contracts';
import { resolveCorpusRoot, writeOperatorFile } from '@podcast/corpus';
import { cronProblem } from '@podcast/jobs';
import { defineRoute } from '../../context.js';
import { listAvailableProfiles } from './operator-profiles.js';

export const putOperatorConfig = defineRoute({
  method: 'put',
  path: '/api/operator-config',
  summary: 'Replace the operator file of a corpus',
  description:
    'Stores `content` exactly as sent (comments included), atomically. Refused, with nothing ' +
    'written: YAML that does not parse or whose root is not a mapping (422); secret-looking keys ' +
    'or the feed keys rss, rss_url, rss_urls, feeds (400 with error and keys); a malformed ' +
    'scheduled_jobs, enrichment, profile or pipeline_install_extras value (400 naming the field; ' +
    'a cron that does not fire within ten years counts as malformed). ' +
    'A change of scheduled_jobs reloads the scheduler. Requires the operator token.',
  tags: ['operator'],
  auth: 'operator',
  query: CorpusPathQuery,
  body: OperatorConfigPut,
  responses: {
    200: OperatorConfigResponse,
    400: ForbiddenOperatorKeysProblem,
    422: Problem.describe('`content` is not YAML, or its root is not a mapping'),
  },
  handler: async ({ query, body, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const names = (await listAvailableProfiles(ctx.config)).map((p) => p.name);
    const rules = {
      availableProfiles: names,
      cronProblem: (cron: string) => cronProblem(cron, ctx.now()),
    };
    const written = await writeOperatorFile(root, body.content, rules, 'body.content');
    if (written.scheduledJobsChanged && ctx.onScheduledJobsChanged) {
      try {
        await ctx.onScheduledJobsChanged({ root, jobs: written.scheduledJobs ?? [] });
      } catch (err) {
        // The file is already stored; a scheduler that fails to reload must
        // not turn a successful write into an error for the caller.
        ctx.logger.error({ err, root }, 'scheduler reload after operator-config PUT failed');
      }
    }
    return {
      content: written.content,
      operator_config_path: written.path,
      available_profiles: names,
    };
  },
});
