import { isHiddenPersonId, stripLayerPrefixes } from './layer-ids.js';

/**
 * One id per entity across lineages: GI 1.0 names speakers `speaker:x` and
 * old KG files write `entity:person:x`, where later lineages and bridges
 * write `person:x`.
 */
export function canonicalPersonId(id: string): string {
  let bare = stripLayerPrefixes(id);
  if (bare.startsWith('entity:')) {
    bare = bare.slice('entity:'.length);
  }
  return bare.startsWith('speaker:') ? `person:${bare.slice('speaker:'.length)}` : bare;
}

/** A named person: `person:` ids only, minus unnamed voices (`person:speaker-…`, `SPEAKER_00`). */
export function isListedPersonId(canonicalId: string): boolean {
  return canonicalId.startsWith('person:') && !isHiddenPersonId(canonicalId);
}
