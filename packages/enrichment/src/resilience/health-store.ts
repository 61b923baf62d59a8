import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CircuitState } from '@podcast/contracts';
import { realFileInsideRoot } from '@podcast/corpus';
import { withFileLock, writeFileAtomic } from '@podcast/runtime';

/** One enricher's cross-run health (spec 04 §7 `.viewer/enrichment_health.json`). */
export interface EnricherHealth {
  consecutive_failures: number;
  last_run_at: string | null;
  last_run_id: string | null;
  last_status: string | null;
  last_error: string | null;
  auto_disabled: boolean;
  auto_disabled_at: string | null;
  auto_disabled_reason: string | null;
  circuit_state: CircuitState;
  circuit_opened_at: string | null;
  cooldown_until: string | null;
  /** Operator re-enables, oldest first (the audit trail). */
  audit: Array<{
    at: string;
    action: 're_enabled' | 'breaker_reset';
    operator_id: string;
    reason: string | null;
  }>;
}

export interface HealthFile {
  schema_version: '1';
  enrichers: Record<string, EnricherHealth>;
}

const HEALTH_FILE = '.viewer/enrichment_health.json';

export function healthFilePath(corpusRoot: string): string {
  return join(corpusRoot, HEALTH_FILE);
}

export function freshHealth(): EnricherHealth {
  return {
    consecutive_failures: 0,
    last_run_at: null,
    last_run_id: null,
    last_status: null,
    last_error: null,
    auto_disabled: false,
    auto_disabled_at: null,
    auto_disabled_reason: null,
    circuit_state: 'closed',
    circuit_opened_at: null,
    cooldown_until: null,
    audit: [],
  };
}

/** The health file; missing, unreadable or of another schema_version reads as empty (spec 04 §7). */
export async function readHealth(corpusRoot: string): Promise<HealthFile> {
  try {
    // Read only inside the corpus: a health file linked out of it reads as empty.
    const file = await realFileInsideRoot(corpusRoot, HEALTH_FILE);
    if (file === undefined) {
      return { schema_version: '1', enrichers: {} };
    }
    const parsed = JSON.parse(await readFile(file, 'utf8')) as HealthFile;
    if (
      parsed?.schema_version !== '1' ||
      typeof parsed.enrichers !== 'object' ||
      parsed.enrichers === null
    ) {
      return { schema_version: '1', enrichers: {} };
    }
    const enrichers: Record<string, EnricherHealth> = {};
    for (const [id, health] of Object.entries(parsed.enrichers)) {
      enrichers[id] = {
        ...freshHealth(),
        ...health,
        audit: Array.isArray(health?.audit) ? health.audit : [],
      };
    }
    return { schema_version: '1', enrichers };
  } catch {
    return { schema_version: '1', enrichers: {} };
  }
}

/**
 * Read-modify-write of the health file under its lock file (withFileLock),
 * written atomically: a run's update (runner) and an operator's
 * re-enable (viewer) never lose each other's change, and a reader never sees
 * half a file.
 */
export async function updateHealth<T>(
  corpusRoot: string,
  change: (file: HealthFile) => T,
): Promise<T> {
  const path = healthFilePath(corpusRoot);
  await mkdir(dirname(path), { recursive: true });
  return withFileLock(path, async () => {
    const file = await readHealth(corpusRoot);
    const result = change(file);
    await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`);
    return result;
  });
}

/** Closes the circuit and clears its cooldown. */
function closeCircuit(record: EnricherHealth): void {
  record.circuit_state = 'closed';
  record.circuit_opened_at = null;
  record.cooldown_until = null;
}

/** Appends an operator action to the audit trail, keeping the newest 50. */
function audit(record: EnricherHealth, entry: EnricherHealth['audit'][number]): void {
  record.audit = [...record.audit, entry].slice(-50);
}

/**
 * An operator closes one enricher's circuit (a re-enable or a breaker reset):
 * the circuit and its cooldown are cleared and the action joins the audit
 * trail. An enricher without health on record starts from fresh health.
 * Returns the record, now in the file.
 */
export function closeCircuitByOperator(
  file: HealthFile,
  enricherId: string,
  entry: EnricherHealth['audit'][number],
): EnricherHealth {
  const record = file.enrichers[enricherId] ?? freshHealth();
  closeCircuit(record);
  audit(record, entry);
  file.enrichers[enricherId] = record;
  return record;
}
