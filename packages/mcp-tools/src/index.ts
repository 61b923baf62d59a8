export type { ApiRequest, ApiTarget, TargetResolver } from './api-targets.js';
export { callApi, targetResolver } from './api-targets.js';
export type { AnyTool, ToolDef } from './define-tool.js';
export { defineTool, missingScopes, registerTools, ToolError } from './define-tool.js';
export type { EnrichmentToolsCtx } from './enrichment-tools.js';
export { ENRICHMENT_TOOLS } from './enrichment-tools.js';
export { PRODUCTION_TOOLS } from './production-tools.js';
export { USER_TOOLS } from './user-tools.js';
export type { UserToolsCtx } from './user-tools-ctx.js';
