import { OpaCapabilities } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { OPA_TAGS } from './opa-request.js';

/** The drafts are unreleased (their schema says 0.1.0): served as unstable, at /v1. */
const CAPABILITIES: OpaCapabilities = {
  'urn:opa:core': { '0.1.0': { status: 'UNSTABLE', root: '/v1' } },
};

export const getOpaCapabilities = defineRoute({
  method: 'get',
  path: '/v1/capabilities',
  summary: 'Open Podcast API: the versions served',
  description:
    'Open, so a client can ask before it signs in. `urn:opa:core` is the core, served at ' +
    '/v1 with the episodes and sync drafts.',
  tags: OPA_TAGS,
  auth: 'open',
  responses: { 200: OpaCapabilities },
  handler: () => CAPABILITIES,
});
