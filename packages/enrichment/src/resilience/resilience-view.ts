import { type EnrichmentBlock, NotFound } from '@podcast/contracts';
import { readEvents } from '../events/event-log.js';
import type { EnricherRegistry } from '../registry.js';
import {
  closeCircuitByOperator,
  type EnricherHealth,
  freshHealth,
  readHealth,
  updateHealth,
} from './health-store.js';

const SOURCE = '.viewer/enrichment_health.json';
const NO_PROVIDER = 'none';

/** The provider type an enricher's resolved block names; `none` for enrichers without one. */
function providerTypeOf(block: EnrichmentBlock, enricherId: string): string {
  const type = block.enrichers?.[enricherId]?.provider?.type;
  return typeof type === 'string' ? type : NO_PROVIDER;
}

function isOpen(health: EnricherHealth, now: Date): boolean {
  return (
    health.circuit_state !== 'closed' &&
    (health.cooldown_until === null || Date.parse(health.cooldown_until) > now.getTime())
  );
}

/**
 * The resilience state the runner persists, per enricher and rolled up per
 * provider type: open breakers (a circuit opened in the last run, still in
 * its cooldown) and blown fuses (auto-disabled enrichers).
 */
export async function resilienceState(
  corpusRoot: string,
  block: EnrichmentBlock,
  registry: EnricherRegistry,
  now: Date,
) {
  const file = await readHealth(corpusRoot);
  const ids = [...new Set([...registry.ids(), ...Object.keys(file.enrichers)])].sort();
  const enrichers = ids.map((id) => {
    const health = file.enrichers[id] ?? freshHealth();
    const open = isOpen(health, now);
    return {
      enricher_id: id,
      tier: registry.get(id)?.manifest.tier ?? null,
      provider_type: providerTypeOf(block, id),
      circuit_state: open ? health.circuit_state : ('closed' as const),
      circuit_opened_at: open ? health.circuit_opened_at : null,
      cooldown_until: open ? health.cooldown_until : null,
      auto_disabled: health.auto_disabled,
      auto_disabled_reason: health.auto_disabled_reason,
      consecutive_failures: health.consecutive_failures,
    };
  });
  const byProvider = new Map<string, typeof enrichers>();
  for (const row of enrichers) {
    byProvider.set(row.provider_type, [...(byProvider.get(row.provider_type) ?? []), row]);
  }
  const providers = [...byProvider.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([type, rows]) => {
      const open = rows.filter((r) => r.circuit_state !== 'closed');
      const cooldowns = open.map((r) => r.cooldown_until).filter((c): c is string => c !== null);
      return {
        provider_type: type,
        enrichers: rows.map((r) => r.enricher_id),
        circuit_state: open.length > 0 ? ('open' as const) : ('closed' as const),
        open_breakers: open.length,
        blown_fuses: rows.filter((r) => r.auto_disabled).length,
        cooldown_until: cooldowns.sort().at(-1) ?? null,
      };
    });
  const recorded = Object.keys(file.enrichers).length > 0;
  return {
    source: SOURCE,
    available: recorded,
    reason: recorded
      ? null
      : `no enrichment run has recorded health yet (${SOURCE} is absent or empty)`,
    open_breakers: enrichers.filter((r) => r.circuit_state !== 'closed').map((r) => r.enricher_id),
    blown_fuses: enrichers.filter((r) => r.auto_disabled).map((r) => r.enricher_id),
    providers,
    enrichers,
  };
}

/**
 * Force-closes the breakers of one scope before their cooldown:
 * `enricher:<id>`, or `provider:<type>` for every enricher using that
 * provider. A blown fuse stays (re-enable clears it). Unknown scopes are 404.
 */
export async function resetBreakers(
  corpusRoot: string,
  scope: string,
  block: EnrichmentBlock,
  registry: EnricherRegistry,
  now: Date,
): Promise<string[]> {
  const [kind, name] = scope.split(':') as ['enricher' | 'provider', string];
  const health = await readHealth(corpusRoot);
  const known = [...new Set([...registry.ids(), ...Object.keys(health.enrichers)])];
  const targets =
    kind === 'enricher'
      ? known.filter((id) => id === name)
      : known.filter((id) => providerTypeOf(block, id) === name);
  if (targets.length === 0) {
    throw new NotFound(`query.scope: no ${kind} ${name} is known to this corpus`);
  }
  await updateHealth(corpusRoot, (file) => {
    for (const id of targets) {
      closeCircuitByOperator(file, id, {
        at: now.toISOString(),
        action: 'breaker_reset',
        operator_id: 'operator-token',
        reason: scope,
      });
    }
  });
  return targets;
}

const USAGE_WINDOWS = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
};

/**
 * Spend and runs per provider type over the window, from the
 * enricher.completed events of run.jsonl. Enrichers report spend in USD
 * only, so token counts are null with the reason, never estimated.
 */
export async function usageRollup(
  corpusRoot: string,
  block: EnrichmentBlock,
  window: keyof typeof USAGE_WINDOWS,
  now: Date,
  provider?: string,
) {
  const events = await readEvents(corpusRoot, {
    event_type: 'enrichment.enricher.completed',
    sinceMs: now.getTime() - USAGE_WINDOWS[window],
    limit: 100_000,
  });
  const rows = new Map<string, { enrichers: Set<string>; runs: number; spend: number }>();
  for (const event of events) {
    if (event.enricher_id === null || event.status === 'skipped') {
      continue;
    }
    const type = providerTypeOf(block, event.enricher_id);
    if (provider !== undefined && type !== provider) {
      continue;
    }
    const row = rows.get(type) ?? { enrichers: new Set<string>(), runs: 0, spend: 0 };
    row.enrichers.add(event.enricher_id);
    row.runs += 1;
    row.spend += Number(event.cost_usd) || 0;
    rows.set(type, row);
  }
  return {
    window,
    source: 'enrichments/run.jsonl (enrichment.enricher.completed)',
    providers: [...rows.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([type, row]) => ({
        provider_type: type,
        enrichers: [...row.enrichers].sort(),
        runs: row.runs,
        spend_usd: Math.round(row.spend * 1e6) / 1e6,
        tokens: null,
        tokens_reason: 'enrichers report spend in USD; no token counts are recorded',
      })),
  };
}
