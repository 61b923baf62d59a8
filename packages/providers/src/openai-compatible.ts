import { type EmbeddingProvider, normalizeInPlace } from './embedding-provider.js';

export interface OpenAiCompatibleOptions {
  /** Base URL up to and including the version segment, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Texts per request; servers cap the input array (TEI at 32 by default). */
  batchSize?: number;
  fetchImpl?: typeof fetch;
}

interface EmbeddingsReply {
  data?: { index?: number; embedding?: number[] }[];
}

/** Raised when the embeddings server answers with an error or a malformed body. */
export class EmbeddingServiceError extends Error {
  override readonly name = 'EmbeddingServiceError';
}

async function embedBatch(options: OpenAiCompatibleOptions, input: readonly string[]) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) {
    headers.authorization = `Bearer ${options.apiKey}`;
  }
  const response = await (options.fetchImpl ?? fetch)(
    `${options.baseUrl.replace(/\/+$/, '')}/embeddings`,
    { method: 'POST', headers, body: JSON.stringify({ model: options.model, input }) },
  );
  if (!response.ok) {
    throw new EmbeddingServiceError(`embeddings server answered ${response.status}`);
  }
  const body = (await response.json()) as EmbeddingsReply;
  const rows = body.data ?? [];
  if (rows.length !== input.length) {
    throw new EmbeddingServiceError(`embeddings server returned ${rows.length} of ${input.length}`);
  }
  // The protocol carries an index per row; order by it rather than trusting array order.
  const ordered = [...rows].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return ordered.map((row) => normalizeInPlace(Float32Array.from(row.embedding ?? [])));
}

/**
 * A provider speaking the OpenAI `POST /embeddings` protocol (Ollama, TEI,
 * vLLM and hosted APIs). The dimension is learned from a probe at creation.
 */
export async function createOpenAiCompatibleProvider(
  options: OpenAiCompatibleOptions,
): Promise<EmbeddingProvider> {
  const [probe] = await embedBatch(options, ['probe']);
  const dimensions = probe?.length ?? 0;
  if (dimensions === 0) {
    throw new EmbeddingServiceError('embeddings server returned an empty vector');
  }
  const batchSize = options.batchSize ?? 32;
  return {
    kind: 'openai_compatible',
    model: options.model,
    dimensions,
    embed: async (texts) => {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        out.push(...(await embedBatch(options, texts.slice(i, i + batchSize))));
      }
      return out;
    },
  };
}
