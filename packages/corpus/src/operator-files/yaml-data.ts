import { type Document, isCollection, parseDocument, visit } from 'yaml';
import { yamlNestingDepth } from './yaml-nesting.js';

/** Deepest nesting an operator or feeds file may have; deeper documents are refused, not skipped. */
export const MAX_YAML_DEPTH = 32;

/**
 * Largest operator or feeds file parsed, in bytes: twice the 512 KiB an
 * operator-config PUT may store, and above the 1 MB JSON body a feeds PUT
 * takes (its YAML is smaller). `yaml` parses a large feeds spec slowly and
 * synchronously, so the cap also bounds how long one parse blocks.
 */
export const MAX_YAML_BYTES = 1024 * 1024;

/** Aliases one document may expand; the `yaml` default, named so the refusal is a 422 and not a 500. */
const MAX_ALIAS_COUNT = 100;

/**
 * Why a parsed YAML document is refused as operator data, or undefined:
 * a key that is itself a mapping or a sequence (it would compare as a
 * flattened string and slip past the forbidden-key check), or nesting past
 * MAX_YAML_DEPTH.
 */
export function yamlShapeProblem(doc: Document): string | undefined {
  let problem: string | undefined;
  visit(doc, {
    Pair(_key, pair) {
      if (isCollection(pair.key)) {
        problem = 'a mapping key must be a plain scalar, not a mapping or a list';
        return visit.BREAK;
      }
      return undefined;
    },
    Collection(_key, _node, ancestors) {
      if (ancestors.filter((node) => isCollection(node)).length >= MAX_YAML_DEPTH) {
        problem = `nested deeper than ${MAX_YAML_DEPTH} levels`;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return problem;
}

export type YamlData = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * The document as plain data, or why not: a refused shape, or an alias
 * expansion past the limit (a "billion laughs" document), which `yaml`
 * reports by throwing.
 */
export function yamlDataOf(doc: Document): YamlData {
  const problem = yamlShapeProblem(doc);
  if (problem !== undefined) {
    return { ok: false, reason: problem };
  }
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (err) {
    return { ok: false, reason: (err as Error).message.split('\n')[0] ?? 'unreadable YAML' };
  }
}

export type ParsedYaml = { ok: true; doc: Document } | { ok: false; reason: string };

/**
 * `parseDocument` for operator-supplied YAML, behind two checks that cost a
 * scan of the text: its size, and its estimated nesting (yaml-nesting.ts).
 * A refused text is never handed to the parser, which would block the
 * event loop for seconds on a deeply nested one.
 */
export function parseBoundedYaml(text: string): ParsedYaml {
  if (Buffer.byteLength(text) > MAX_YAML_BYTES) {
    return { ok: false, reason: `larger than ${MAX_YAML_BYTES} bytes` };
  }
  if (yamlNestingDepth(text, MAX_YAML_DEPTH) > MAX_YAML_DEPTH) {
    return { ok: false, reason: `nested deeper than ${MAX_YAML_DEPTH} levels` };
  }
  return { ok: true, doc: parseDocument(text) };
}
