import { GiNode } from './gi-nodes.js';
import { z } from './zod.js';

/**
 * The strict grounded-insight artifact, schema 1.0 (spec 01). This is the
 * writer's and validator's contract; the corpus reader accepts every lineage
 * of spec 04 §4 and never runs this on read.
 */

export const GiEdgeType = z
  .enum([
    'HAS_EPISODE',
    'SPOKE_IN',
    'HAS_INSIGHT',
    'SUPPORTED_BY',
    'SPOKEN_BY',
    'ABOUT',
    'RELATED_TO',
  ])
  .openapi('GiEdgeType');
export type GiEdgeType = z.infer<typeof GiEdgeType>;

// The spec defines `confidence` for ABOUT and RELATED_TO; it does not forbid it
// elsewhere, and edge properties admit extra keys, so it is accepted on any edge.
const GiEdgeProperties = z.looseObject({
  confidence: z.number().min(0).max(1).optional().describe('Confidence between 0 and 1'),
});

export const GiEdge = z
  .strictObject({
    type: GiEdgeType,
    from: z.string().min(1).describe('Source node id'),
    to: z.string().min(1).describe('Target node id'),
    properties: GiEdgeProperties.optional(),
  })
  .openapi('GiEdge')
  .describe('A directed edge between two node ids');
export type GiEdge = z.infer<typeof GiEdge>;

const GiArtifactShape = z.strictObject({
  schema_version: z.literal('1.0').describe('Artifact schema version; only 1.0 is valid'),
  model_version: z.string().min(1).describe('Lineage of the insight text'),
  prompt_version: z.string().min(1).describe('Prompt version used for extraction'),
  episode_id: z.string().min(1),
  nodes: z.array(GiNode).describe('Every node of the episode'),
  edges: z.array(GiEdge).describe('Every edge of the episode'),
});
type GiArtifactShape = z.infer<typeof GiArtifactShape>;
type Ctx = z.core.$RefinementCtx<GiArtifactShape>;

function checkUniqueIds(artifact: GiArtifactShape, ctx: Ctx): void {
  const seen = new Set<string>();
  artifact.nodes.forEach((node, index) => {
    if (seen.has(node.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['nodes', index, 'id'],
        message: `duplicate node id "${node.id}"`,
      });
    }
    seen.add(node.id);
  });
}

// Our reading of the Quote rules: a span cannot end before it starts, in
// characters or in time. The spec table bounds each field only by >= 0.
function checkQuoteSpans(artifact: GiArtifactShape, ctx: Ctx): void {
  artifact.nodes.forEach((node, index) => {
    if (node.type !== 'Quote') {
      return;
    }
    const p = node.properties;
    if (p.char_end < p.char_start) {
      ctx.addIssue({
        code: 'custom',
        path: ['nodes', index, 'properties', 'char_end'],
        message: 'char_end is before char_start',
      });
    }
    if (p.timestamp_end_ms < p.timestamp_start_ms) {
      ctx.addIssue({
        code: 'custom',
        path: ['nodes', index, 'properties', 'timestamp_end_ms'],
        message: 'timestamp_end_ms is before timestamp_start_ms',
      });
    }
  });
}

// "grounded: true exactly when at least one supporting quote exists" — a
// supporting quote is a Quote node of this artifact reached by a SUPPORTED_BY
// edge from the insight. A dangling SUPPORTED_BY edge supports nothing.
function checkGrounded(artifact: GiArtifactShape, ctx: Ctx): void {
  const quoteIds = new Set(artifact.nodes.filter((n) => n.type === 'Quote').map((n) => n.id));
  const supported = new Set(
    artifact.edges
      .filter((e) => e.type === 'SUPPORTED_BY' && quoteIds.has(e.to))
      .map((e) => e.from),
  );
  artifact.nodes.forEach((node, index) => {
    if (node.type === 'Insight' && node.properties.grounded !== supported.has(node.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['nodes', index, 'properties', 'grounded'],
        message: node.properties.grounded
          ? 'grounded is true but no SUPPORTED_BY edge reaches a Quote'
          : 'grounded is false but a SUPPORTED_BY edge reaches a Quote',
      });
    }
  });
}

export const GiArtifact = GiArtifactShape.superRefine((artifact, ctx) => {
  checkUniqueIds(artifact, ctx);
  checkQuoteSpans(artifact, ctx);
  checkGrounded(artifact, ctx);
})
  .openapi('GiArtifact')
  .meta({
    title: 'Grounded-insight artifact',
    description:
      "One episode's grounded insights, their quotes and the graph around them (schema 1.0)",
  });
export type GiArtifact = z.infer<typeof GiArtifact>;

export interface GiValidationError {
  /** Dotted location, e.g. `nodes.3.properties.char_start`; empty for the document itself. */
  path: string;
  message: string;
}

export type GiValidationResult =
  | { ok: true; artifact: GiArtifact }
  | { ok: false; errors: GiValidationError[] };

function toErrors(issue: z.core.$ZodIssue): GiValidationError[] {
  const base = issue.path.map(String);
  // One error per unknown key so the path names the offending field itself.
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      path: [...base, key].join('.'),
      message: `unknown field "${key}"`,
    }));
  }
  return [{ path: base.join('.'), message: issue.message }];
}

export function validateGiArtifact(value: unknown): GiValidationResult {
  const result = GiArtifact.safeParse(value);
  if (result.success) {
    return { ok: true, artifact: result.data };
  }
  return { ok: false, errors: result.error.issues.flatMap(toErrors) };
}

/**
 * JSON Schema (draft 2020-12) of the artifact, generated from the zod schema so
 * the two cannot disagree. Cross-field rules (unique ids, span order, grounded
 * consistency) are beyond JSON Schema; only `validateGiArtifact` applies them.
 */
export function giArtifactJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(GiArtifact, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
