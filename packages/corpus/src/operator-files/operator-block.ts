import { DomainError } from '@podcast/contracts';
import { type Document, isMap } from 'yaml';
import { parseBoundedYaml } from './yaml-data.js';

/**
 * Returns `text` with one top-level key set to `value` (or removed when
 * `value` is undefined). The file is edited as a YAML document, not
 * re-serialised from data, so comments, key order, quoting and every other
 * key survive; only the edited block is rendered afresh.
 */
export function setOperatorKey(text: string, key: string, value: unknown): string {
  const parsed = parseBoundedYaml(text);
  if (!parsed.ok) {
    throw new DomainError('unprocessable', `the operator file is refused: ${parsed.reason}`);
  }
  const doc = parsed.doc;
  if (doc.errors.length > 0) {
    throw new DomainError(
      'unprocessable',
      `the operator file is not valid YAML; fix it before editing ${key}`,
    );
  }
  if (doc.contents === null) {
    // A comment-only file has no contents yet; its comments stay on the document.
    (doc as Document).contents = doc.createNode({});
  } else if (!isMap(doc.contents)) {
    throw new DomainError('unprocessable', 'the operator file root is not a mapping');
  }
  if (value === undefined) {
    doc.delete(key);
  } else {
    doc.set(key, doc.createNode(value));
  }
  // Never re-fold long scalars the operator wrote on one line, and keep the
  // common `[a, b]` spelling of flow lists.
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
