import path from 'node:path';
import { dtypeOf } from './sentence-transformer.js';

/** Scores of one (premise, hypothesis) pair: probabilities summing to 1. */
export interface NliScores {
  entailment: number;
  neutral: number;
  contradiction: number;
}

/** The NliScorer protocol of spec 03. */
export interface NliScorer {
  kind: 'deberta_local';
  model: string;
  score(pairs: readonly (readonly [string, string])[]): Promise<NliScores[]>;
}

export interface DebertaSpec {
  modelDir: string;
  model: string;
  batchSize?: number;
}

const DEFAULT_BATCH = 16;

function softmax(row: Float32Array): number[] {
  const max = Math.max(...row);
  const exps = Array.from(row, (v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((v) => v / sum);
}

/** Which logit is which: from the model's id2label, matched by name (MNLI models differ in order). */
function labelIndexes(
  id2label: Record<string, string> | undefined,
): Record<keyof NliScores, number> {
  const find = (name: keyof NliScores) => {
    const entry = Object.entries(id2label ?? {}).find(([, label]) =>
      label.toLowerCase().startsWith(name.slice(0, 7)),
    );
    if (!entry) {
      throw new Error(`deberta_local: the model's id2label has no ${name} label`);
    }
    return Number(entry[0]);
  };
  return {
    entailment: find('entailment'),
    neutral: find('neutral'),
    contradiction: find('contradiction'),
  };
}

/**
 * An NLI cross-encoder (DeBERTa MNLI, or any sequence classifier with
 * entailment, neutral and contradiction labels) run locally through
 * transformers.js from `<modelDir>/<model>/`; never a download.
 */
export async function createDebertaScorer(spec: DebertaSpec): Promise<NliScorer> {
  if (spec.model.split(/[\\/]/).some((part) => part === '..' || part === '')) {
    throw new Error(`deberta_local: "${spec.model}" is not a model folder name`);
  }
  const home = path.join(spec.modelDir, spec.model);
  const dtype = await dtypeOf(home, 'deberta_local');
  const transformers = await import('@huggingface/transformers');
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.localModelPath = spec.modelDir;
  const options = { local_files_only: true };
  const tokenizer = await transformers.AutoTokenizer.from_pretrained(spec.model, options);
  const model = await transformers.AutoModelForSequenceClassification.from_pretrained(spec.model, {
    ...options,
    dtype,
  });
  const labels = labelIndexes(
    (model.config as unknown as { id2label?: Record<string, string> }).id2label,
  );
  const batch = spec.batchSize ?? DEFAULT_BATCH;
  const run = async (pairs: readonly (readonly [string, string])[]): Promise<NliScores[]> => {
    const inputs = tokenizer(
      pairs.map(([premise]) => premise),
      { text_pair: pairs.map(([, hypothesis]) => hypothesis), padding: true, truncation: true },
    );
    const { logits } = (await model(inputs)) as { logits: { dims: number[]; data: Float32Array } };
    const width = logits.dims[1] ?? 0;
    return pairs.map((_, i) => {
      const p = softmax(logits.data.slice(i * width, (i + 1) * width));
      return {
        entailment: p[labels.entailment] ?? 0,
        neutral: p[labels.neutral] ?? 0,
        contradiction: p[labels.contradiction] ?? 0,
      };
    });
  };
  return {
    kind: 'deberta_local',
    model: spec.model,
    score: async (pairs) => {
      const scores: NliScores[] = [];
      for (let i = 0; i < pairs.length; i += batch) {
        scores.push(...(await run(pairs.slice(i, i + batch))));
      }
      return scores;
    },
  };
}
