import type { ScenarioResult } from './scenario.js';
import { diskFullScenario } from './scenarios/disk-full.js';
import { fourDeliveryWorkersScenario } from './scenarios/four-delivery-workers.js';
import { postgresRestartScenario } from './scenarios/postgres-restart.js';
import { redisRestartScenario } from './scenarios/redis-restart.js';
import { runnerKilledScenario } from './scenarios/runner-killed.js';
import { soakScenario } from './scenarios/soak.js';
import { tornCorpusFileScenario } from './scenarios/torn-corpus-file.js';
import { twinConsumersScenario } from './scenarios/twin-consumers.js';
import { twinRunnersCronScenario } from './scenarios/twin-runners-cron.js';
import { twinSchedulersScenario } from './scenarios/twin-schedulers.js';
import { twinViewersScenario } from './scenarios/twin-viewers.js';

export interface ChaosRunOptions {
  /** A corpus the scenarios may read (they copy it where they write). */
  corpusDir: string;
  /** How long the soak runs. */
  soakMs: number;
}

export interface ChaosScenario {
  name: string;
  run(options: ChaosRunOptions): Promise<ScenarioResult>;
}

/** Every scenario of `pnpm chaos`, in a fixed order (docs/decisions/reliability.md lists them). */
export const CHAOS_SCENARIOS: ChaosScenario[] = [
  { name: 'postgres-restart', run: (o) => postgresRestartScenario(o) },
  { name: 'twin-schedulers', run: (o) => twinSchedulersScenario(o) },
  { name: 'twin-viewers', run: () => twinViewersScenario() },
  { name: 'twin-consumers', run: (o) => twinConsumersScenario(o) },
  { name: 'runner-sigkill', run: () => runnerKilledScenario() },
  { name: 'redis-restart', run: () => redisRestartScenario() },
  { name: 'redis-restart-empty', run: () => redisRestartScenario({ empty: true }) },
  { name: 'four-delivery-workers', run: (o) => fourDeliveryWorkersScenario(o) },
  { name: 'twin-runners-cron', run: () => twinRunnersCronScenario() },
  { name: 'disk-full', run: () => diskFullScenario() },
  { name: 'torn-corpus-file', run: () => tornCorpusFileScenario() },
  { name: 'soak', run: (o) => soakScenario({ corpusDir: o.corpusDir, durationMs: o.soakMs }) },
];
