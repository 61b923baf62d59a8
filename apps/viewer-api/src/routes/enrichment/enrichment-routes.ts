import type { AnyRoute } from '@podcast/http-kit';
import type { ViewerCtx } from '../../context.js';
import { getEnrichmentAdmission } from './get-enrichment-admission.js';
import { getEnrichmentConfig } from './get-enrichment-config.js';
import { getEnrichmentConfigSchema } from './get-enrichment-config-schema.js';
import { getEnrichmentEvents } from './get-enrichment-events.js';
import { getEnrichmentHealth } from './get-enrichment-health.js';
import { getEnrichmentMetrics } from './get-enrichment-metrics.js';
import { getEnrichmentRunSummary } from './get-enrichment-run-summary.js';
import { getEnrichmentStatus } from './get-enrichment-status.js';
import { getProviderTypes } from './get-provider-types.js';
import { putEnrichmentConfig } from './put-enrichment-config.js';
import { reEnableEnricherRoute } from './re-enable-enricher.js';
import { recordEvaluationRoute } from './record-evaluation.js';

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
