import { type Document, isCollection, visit } from 'yaml';

/** Deepest nesting an operator or feeds file may have; deeper documents are refused, not skipped. */
export const MAX_YAML_DEPTH = 32;

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
