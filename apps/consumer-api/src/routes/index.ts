import type { AnyRoute } from '@podcast/http-kit';
import type { ConsumerCtx } from '../context.js';
import { getHealth } from './health/get-health.js';

/** Every consumer route, top to bottom. */
export const consumerRoutes: AnyRoute<ConsumerCtx>[] = [getHealth];
