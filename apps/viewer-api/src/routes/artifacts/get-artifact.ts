import { Problem, z } from '@podcast/contracts';
import { readArtifactJson, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getArtifact = defineRoute({
  method: 'get',
  path: '/api/artifacts/{path*}',
  summary: 'One artifact JSON by relative path',
  description:
    'Returns a *.gi.json, *.kg.json or *.bridge.json file as stored (never validated on read). ' +
    'The relative path must stay inside the corpus root; `..`, absolute paths and symlinks out are refused.',
  tags: ['artifacts'],
  auth: 'open',
  params: z.object({
    path: z.string().min(1).openapi({ description: 'Artifact path relative to the corpus root' }),
  }),
  query: z.object({
    path: z.string().min(1).openapi({ description: 'Corpus root used for the relative lookup' }),
  }),
  responses: {
    200: z.record(z.string(), z.unknown()).openapi({ description: 'The artifact JSON' }),
    404: Problem.describe('No artifact file at that relative path'),
    422: Problem.describe('The file is not valid JSON'),
  },
  handler: async ({ params, query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return readArtifactJson(root, params.path);
  },
});
