import { enrichmentBlockJsonSchema } from './enrichment-config.js';
import { giArtifactJsonSchema } from './gi-artifact.js';

/**
 * The JSON Schema files shipped in `packages/contracts/schemas/`, each
 * generated from its zod schema. `write-json-schemas.ts` writes them; a test
 * compares the committed files with this list so they cannot drift.
 */
export interface JsonSchemaFile {
  /** File name inside `packages/contracts/schemas/`. */
  name: string;
  schema: Record<string, unknown>;
}

export function listJsonSchemaFiles(): JsonSchemaFile[] {
  return [
    { name: 'gi-artifact.schema.json', schema: giArtifactJsonSchema() },
    { name: 'enrichment-block.schema.json', schema: enrichmentBlockJsonSchema() },
  ];
}

/** Two-space JSON with a final newline; the writer then lets biome fold it. */
export function renderJsonSchema(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
