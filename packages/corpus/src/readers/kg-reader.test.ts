import { describe, expect, it } from '@jest/globals';
import { KG_1_2, KG_2, KG_2_0 } from '../../test/lineage-fixtures.js';
import { normalizeKg } from './kg-reader.js';

describe('normalizeKg', () => {
  it('reads KG 1.x entities by kind, legacy entity: ids and topic descriptions', () => {
    const kg = normalizeKg(KG_1_2);
    expect(kg.persons.map((p) => p.id)).toEqual(['person:kim', 'entity:person:old']);
    expect(kg.persons[0]).toMatchObject({ name: 'Kim', role: 'guest', hidden: false });
    expect(kg.orgs).toEqual([{ id: 'org:port', name: 'Port Authority' }]);
    expect(kg.topics).toEqual([{ id: 'topic:tides', label: 'tides', description: 'sea level' }]);
    expect(kg.publish_date).toBe('2026-02-03');
    expect(kg.model_version).toBe('summary_bullets');
  });

  it('reads KG 2 entities by category and leaves other categories out', () => {
    const kg = normalizeKg(KG_2);
    expect(kg.persons).toEqual([{ id: 'entity:jo', name: 'Jo', hidden: false }]);
    expect(kg.orgs).toEqual([]);
    expect(kg.model_version).toBe('viewer-model');
  });

  it('reads KG 2.0 typed nodes, roles from HOSTS/GUESTS_ON and hides unnamed voices', () => {
    const kg = normalizeKg(KG_2_0);
    expect(kg.persons).toEqual([
      { id: 'person:host', name: 'Hana', role: 'host', hidden: false },
      { id: 'person:guest', name: 'Gus', role: 'mentioned', hidden: false },
      { id: 'person:speaker-ep-23-2', name: 'Speaker 2', hidden: true },
    ]);
    expect(kg.orgs).toEqual([{ id: 'org:co', name: 'Co' }]);
    expect(kg.topics.map((t) => t.id)).toEqual(['topic:heat']);
    expect(kg.publish_date).toBeNull();
  });
});
