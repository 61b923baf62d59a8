import { OperatorProfilesResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { listAvailableProfiles } from './operator-profiles.js';

export const listOperatorProfiles = defineRoute({
  method: 'get',
  path: '/api/operator-config/profiles',
  summary: 'Packaged profile presets usable for the profile key',
  description:
    'Presets shipped with the server, by name with their one-line description, sorted by name. ' +
    'Template files (*.example.yaml) and subfolders are never listed; PODCAST_AVAILABLE_PROFILES ' +
    'narrows the set.',
  tags: ['operator'],
  auth: 'open',
  responses: { 200: OperatorProfilesResponse },
  handler: async ({ ctx }) => ({ profiles: await listAvailableProfiles(ctx.config) }),
});
