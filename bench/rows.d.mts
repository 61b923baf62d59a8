import type { BenchRow } from './results.mjs';

export interface AskFigures {
  hit_at_3: number;
  answerable_abstained: number;
  unanswerable_abstained: number;
  faithfulness: number;
  evidence_items: number;
  threshold: number;
  calibration: { threshold: number };
  cross_validation: {
    answerable_abstained: number;
    unanswerable_abstained: number;
    threshold_min: number;
    threshold_max: number;
  };
  misses: string[];
  [figure: string]: unknown;
}
export interface AskLatency {
  episodes: number;
  p50_ms: number;
  p99_ms: number;
  uncached_answers: number;
  uncached_p50_ms: number;
  uncached_p99_ms: number;
  varied_answers: number;
  varied_p50_ms: number;
  varied_p99_ms: number;
  [figure: string]: unknown;
}
export interface ChaosResult {
  name: string;
  ok: boolean;
  figures: Record<string, number | string>;
  failures: string[];
  durationMs: number;
}
export function askEvaluationRows(figures: AskFigures): BenchRow[];
export function askLatencyRows(label: string, latency: AskLatency): BenchRow[];
export function chaosRow(result: ChaosResult): BenchRow;
