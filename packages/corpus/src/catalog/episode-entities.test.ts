import { describe, expect, it } from '@jest/globals';
import { EpisodeEntities } from '@podcast/contracts';
import { normalizeBridge } from '../readers/bridge-reader.js';
import { normalizeKg } from '../readers/kg-reader.js';
import { episodeEntitiesOf } from './episode-entities.js';
import { NO_TOPIC_OVERLAYS, type TopicOverlays } from './topic-overlays.js';

const KG = normalizeKg({
  schema_version: '2.0',
  episode_id: 'ep',
  nodes: [
    { id: 'person:maya', type: 'Person', properties: { name: 'maya o.', role: 'host' } },
    { id: 'person:speaker-ep-2', type: 'Person', properties: { name: 'SPEAKER_02' } },
    { id: 'person:sam', type: 'Person', properties: { name: 'Sam' } },
    { id: 'org:city', type: 'Organization', properties: { name: 'City Water' } },
    { id: 'topic:drainage', type: 'Topic', properties: { label: 'drainage' } },
    { id: 'topic:soil', type: 'Topic', properties: { label: 'soil' } },
  ],
  edges: [{ type: 'GUESTS_ON', from: 'person:sam', to: 'podcast:p' }],
});

const BRIDGE = normalizeBridge({
  schema_version: '1.0',
  episode_id: 'ep',
  identities: [{ id: 'person:maya', type: 'person', display_name: 'Maya Ortiz' }],
});

const OVERLAYS: TopicOverlays = {
  themes: new Map([['topic:drainage', { id: 'tc:water', label: 'Water', size: 3 }]]),
  storylines: new Map([['topic:drainage', { id: 'thc:streets', label: 'Streets', size: 5 }]]),
};

describe('episodeEntitiesOf', () => {
  const entities = episodeEntitiesOf(KG, BRIDGE, OVERLAYS);

  it('lists named people with roles, bridge names first, and no unnamed voices', () => {
    expect(entities.persons).toEqual([
      { id: 'person:maya', name: 'Maya Ortiz', role: 'host' },
      { id: 'person:sam', name: 'Sam', role: 'guest' },
    ]);
    expect(entities.orgs).toEqual([{ id: 'org:city', name: 'City Water' }]);
    expect(EpisodeEntities.parse(entities)).toEqual(entities);
  });

  it('adds the theme and storyline of clustered topics only', () => {
    expect(entities.topics).toEqual([
      {
        id: 'topic:drainage',
        label: 'drainage',
        cluster_id: 'tc:water',
        cluster_label: 'Water',
        cluster_size: 3,
        theme_cluster_id: 'thc:streets',
        theme_cluster_label: 'Streets',
        theme_cluster_size: 5,
      },
      { id: 'topic:soil', label: 'soil' },
    ]);
  });

  it('follows a connectivity bridge from an episode topic to its canonical topic', () => {
    const bridge = normalizeBridge({ topic_to_canonical: { 'topic:soil': 'topic:drainage' } });
    const [, soil] = episodeEntitiesOf(KG, bridge, OVERLAYS).topics;
    expect(soil).toMatchObject({ id: 'topic:soil', cluster_id: 'tc:water' });
  });

  it('gives empty lists without a KG', () => {
    expect(episodeEntitiesOf(undefined, BRIDGE, NO_TOPIC_OVERLAYS)).toEqual({
      persons: [],
      orgs: [],
      topics: [],
    });
  });
});
