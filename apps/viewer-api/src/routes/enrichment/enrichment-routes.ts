import type { AnyRoute } from '@podcast/http-kit';
import type { ViewerCtx } from '../../context.js';
import {
  getEnrichmentAdmission,
  getEnrichmentConfig,
  getEnrichmentConfigSchema,
  getProviderTypes,
} from './config-routes.js';
import {
  getEnrichmentEvents,
  getEnrichmentHealth,
  getEnrichmentMetrics,
  getEnrichmentRunSummary,
  getEnrichmentStatus,
} from './read-routes.js';
import { recordEvaluationRoute } from './record-evaluation.js';
import { putEnrichmentConfig, reEnableEnricherRoute } from './write-routes.js';

/** Spec 03 routes; mounted with the jobs group. */
export const enrichmentRoutes: AnyRoute<ViewerCtx>[] = [
  getEnrichmentStatus,
  getEnrichmentHealth,
  getEnrichmentMetrics,
  getEnrichmentRunSummary,
  getEnrichmentEvents,
  reEnableEnricherRoute,
  recordEvaluationRoute,
  getEnrichmentConfigSchema,
  getEnrichmentAdmission,
  getEnrichmentConfig,
  putEnrichmentConfig,
  getProviderTypes,
];
