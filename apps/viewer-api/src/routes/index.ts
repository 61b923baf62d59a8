import type { AnyRoute } from '@podcast/http-kit';
import type { ViewerCtx } from '../context.js';
import { getArtifact } from './artifacts/get-artifact.js';
import { listArtifacts } from './artifacts/list-artifacts.js';
import { getHealth } from './health/get-health.js';

/** Every viewer route, top to bottom. */
export const viewerRoutes: AnyRoute<ViewerCtx>[] = [getHealth, listArtifacts, getArtifact];
