import { CorpusPathQuery, OperatorConfigResponse, Problem } from '@podcast/contracts';
import { locateCorpusPath, readOperatorFile } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { listAvailableProfiles, SEED_PROFILE } from './operator-profiles.js';

export const getOperatorConfig = defineRoute({
  method: 'get',
  path: '/api/operator-config',
  summary: 'Read the operator file (viewer_operator.yaml) of a corpus',
  description:
    'Returns the file as stored. When it is missing or blank, `path` names a configured corpus ' +
    'root (CORPUS_DIR or a CORPUS_ROOTS entry, not a folder inside one) and the cloud_balanced ' +
    'preset is available, it is first created as `profile: cloud_balanced`. A file that holds secret-looking ' +
    'keys is refused with 409 naming them, so credentials are never served back; a feed list ' +
    'is served (PUT refuses it, pointing to /api/feeds).',
  tags: ['operator'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: {
    200: OperatorConfigResponse,
    409: Problem.describe('The stored file holds forbidden keys (`error`, `keys`); no content'),
  },
  handler: async ({ query, ctx }) => {
    const { root, dir } = locateCorpusPath(query.path, ctx.config.corpusRoots);
    const names = (await listAvailableProfiles(ctx.config)).map((p) => p.name);
    // An open read seeds only a configured root, never any folder a caller names.
    const seed = names.includes(SEED_PROFILE) && dir === root ? SEED_PROFILE : undefined;
    const file = await readOperatorFile(dir, seed);
    return {
      content: file.content,
      operator_config_path: file.path,
      available_profiles: names,
    };
  },
});
