/**
 * One small artifact per GI/KG/bridge lineage of spec 04 §4, with invented
 * content. Shared by the reader unit tests and the corpus fixtures.
 */
export const GI_1_0 = {
  schema_version: '1.0',
  model_version: 'm-1',
  prompt_version: 'p-1',
  episode_id: 'ep-10',
  nodes: [
    { id: 'podcast:p', type: 'Podcast', properties: { title: 'P', rss_url: 'https://p.test/rss' } },
    { id: 'speaker:maya', type: 'Speaker', properties: { name: 'Maya' } },
    { id: 'topic:drainage', type: 'Topic', properties: { label: 'drainage' } },
    {
      id: 'insight:a',
      type: 'Insight',
      confidence: 0.9,
      properties: { text: 'Drains clog in spring', episode_id: 'ep-10', grounded: true },
    },
    {
      id: 'quote:a',
      type: 'Quote',
      properties: {
        text: 'they clog every spring',
        episode_id: 'ep-10',
        speaker_id: 'speaker:maya',
        char_start: 10,
        char_end: 32,
        timestamp_start_ms: 1000,
        timestamp_end_ms: 2500,
        transcript_ref: 't.txt',
      },
    },
  ],
  edges: [
    { type: 'HAS_INSIGHT', from: 'episode:ep-10', to: 'insight:a' },
    { type: 'SUPPORTED_BY', from: 'insight:a', to: 'quote:a' },
    { type: 'SPOKEN_BY', from: 'quote:a', to: 'speaker:maya' },
    { type: 'ABOUT', from: 'insight:a', to: 'topic:drainage', properties: { confidence: 0.8 } },
  ],
};

export const GI_2 = {
  schema_version: '2',
  episode_id: 'ep-20',
  nodes: [
    { id: 'e1', type: 'Episode', properties: { title: 'E' } },
    { id: 't1', type: 'Topic', properties: { label: 'budgets', score: 0.7 } },
    { id: 'q1', type: 'Quote', properties: { text: 'we overspent', speaker: 'Host' } },
    { id: 'i1', type: 'Insight', properties: { text: 'Overspending', confidence: 0.6 } },
    { id: 'i2', type: 'Insight', properties: { text: 'Unsupported claim' } },
  ],
  edges: [
    { type: 'MENTIONS', from: 'e1', to: 't1' },
    { type: 'HAS_QUOTE', from: 'e1', to: 'q1' },
    { type: 'has_insight', from: 'e1', to: 'i1' },
    { type: 'supported_by', from: 'i1', to: 'q1' },
    { type: 'About', from: 'i1', to: 't1' },
  ],
};

export const GI_2_0 = {
  schema_version: '2.0',
  model_version: 'gpt-x',
  prompt_version: 'v2',
  episode_id: 'ep-21',
  nodes: [
    { id: 'g:person:lee', type: 'Person', properties: { name: 'Lee' } },
    { id: 'topic:rates', type: 'Topic', properties: { label: 'rates' } },
    {
      id: 'insight:0123456789abcdef',
      type: 'Insight',
      confidence: 0.7,
      properties: { text: 'Rates fall', insight_type: 'fact', position_hint: '0.35' },
    },
    {
      id: 'quote:0123456789abcdef',
      type: 'Quote',
      properties: { text: 'rates will fall', speaker_id: null },
    },
  ],
  edges: [
    { type: 'SUPPORTED_BY', from: 'insight:0123456789abcdef', to: 'g:quote:0123456789abcdef' },
    {
      type: 'ABOUT',
      from: 'insight:0123456789abcdef',
      to: 'topic:rates',
      properties: { confidence: 0.9 },
    },
  ],
};

export const GI_3_0 = {
  schema_version: '3.0',
  model_version: 'm',
  prompt_version: 'p',
  episode_id: 'episode:ep-30',
  nodes: [
    { id: 'person:ana', type: 'Person', properties: { name: 'Ana' } },
    { id: 'org:acme', type: 'Organization', properties: { name: 'Acme' } },
    { id: 'concept:flooding', type: 'Topic', properties: { label: 'flooding' } },
    {
      id: 'insight:c1',
      type: 'Insight',
      properties: { text: 'Acme builds levees', position_hint: 0.5 },
    },
    {
      id: 'quote:c1',
      type: 'Quote',
      properties: { text: 'Acme builds them', speaker_id: 'person:ana' },
    },
  ],
  edges: [
    { type: 'SUPPORTED_BY', from: 'insight:c1', to: 'quote:c1' },
    { type: 'SPOKEN_BY', from: 'quote:c1', to: 'person:ana' },
    { type: 'MENTIONS_PERSON', from: 'insight:c1', to: 'person:ana' },
    { type: 'MENTIONS_ORG', from: 'insight:c1', to: 'org:acme' },
    { type: 'ABOUT', from: 'insight:c1', to: 'concept:flooding' },
    { type: 'ABOUT', from: 'insight:c1', to: 'topic:absent' },
  ],
};

export const GI_3_1 = {
  schema_version: '3.1',
  model_version: 'm',
  prompt_version: 'p',
  episode_id: 'ep-31',
  nodes: [
    { id: 'episode:ep-31', type: 'Episode', properties: {} },
    { id: 'topic:soil', type: 'Topic', properties: { label: 'soil' } },
    { id: 'person:speaker-ep-31-1', type: 'Person', properties: { name: 'SPEAKER_01' } },
    {
      id: 'insight:low',
      type: 'Insight',
      properties: { text: 'Low', salience: 0.2, tier: 2, rank: 3 },
    },
    {
      id: 'insight:high',
      type: 'Insight',
      properties: { text: 'High', salience: 0.9, grounded: false },
    },
    {
      id: 'insight:hidden',
      type: 'Insight',
      properties: { text: 'Hidden', surfaceable: false, salience: 1 },
    },
    {
      id: 'insight:dropped',
      type: 'Insight',
      properties: { text: 'Dropped', routing_tag: 'drop', salience: 1 },
    },
    {
      id: 'insight:plain',
      type: 'Insight',
      properties: { text: 'No salience', routing_tag: 'connect' },
    },
    {
      id: 'quote:low',
      type: 'Quote',
      properties: { text: 'low quote', speaker_name: 'Sam', speaker_id: 'SPEAKER_00' },
    },
    { id: 'claim:1', type: 'Claim', properties: { text: 'unknown node type' } },
  ],
  edges: [
    {
      type: 'SUPPORTED_BY',
      from: 'quote:low',
      to: 'insight:low',
      properties: { nli_score: 0.9, qa_score: 0.8 },
    },
    { type: 'SUPPORTED_BY', from: 'insight:high', to: 'quote:missing' },
    { type: 'SPOKEN_BY', from: 'person:speaker-ep-31-1', to: 'quote:low' },
    { type: 'MENTIONS', from: 'topic:soil', to: 'episode:ep-31' },
    { type: 'CONTRADICTS', from: 'insight:low', to: 'insight:high' },
    { type: 'ABOUT', from: 'insight:low', to: 'nowhere' },
    { type: 'ABOUT', from: 'insight:low' },
  ],
};

export const KG_1_2 = {
  schema_version: '1.2',
  episode_id: 'ep-12',
  extraction: { model_version: 'summary_bullets', extracted_at: '2026-01-01T00:00:00Z' },
  nodes: [
    { id: 'episode:ep-12', type: 'Episode', properties: { publish_date: '2026-02-03T00:00:00Z' } },
    {
      id: 'topic:tides',
      type: 'Topic',
      properties: { label: 'tides', slug: 'tides', description: 'sea level' },
    },
    {
      id: 'person:kim',
      type: 'Entity',
      properties: { name: 'Kim', kind: 'person', role: 'guest' },
    },
    { id: 'org:port', type: 'Entity', properties: { name: 'Port Authority', kind: 'org' } },
    {
      id: 'entity:person:old',
      type: 'Entity',
      properties: { name: 'Old Style', entity_kind: 'person' },
    },
  ],
  edges: [
    { type: 'MENTIONS', from: 'topic:tides', to: 'episode:ep-12' },
    { type: 'MENTIONS', from: 'person:kim', to: 'episode:ep-12' },
  ],
};

export const KG_2 = {
  schema_version: '2',
  episode_id: 'ep-22',
  extraction: { provider: 'x', model: 'viewer-model' },
  nodes: [
    { id: 'topic:wind', type: 'Topic', properties: { label: 'wind' } },
    { id: 'entity:jo', type: 'Entity', properties: { label: 'Jo', category: 'person' } },
    { id: 'entity:place', type: 'Entity', properties: { label: 'Nowhere', category: 'location' } },
  ],
  edges: [{ type: 'RELATES_TO', from: 'episode:ep-22', to: 'topic:wind' }],
};

export const KG_2_0 = {
  schema_version: '2.0',
  episode_id: 'ep-23',
  extraction: { model_version: 'provider:gpt-x' },
  nodes: [
    { id: 'podcast:show', type: 'Podcast', properties: { title: 'Show' } },
    { id: 'episode:ep-23', type: 'Episode', properties: { publish_date: '1970-01-01T00:00:00Z' } },
    { id: 'person:host', type: 'Person', properties: { name: 'Hana' } },
    { id: 'person:guest', type: 'Person', properties: { name: 'Gus', role: 'mentioned' } },
    { id: 'person:speaker-ep-23-2', type: 'Person', properties: { name: 'Speaker 2' } },
    { id: 'org:co', type: 'Organization', properties: { name: 'Co' } },
    { id: 'topic:heat', type: 'Topic', properties: { label: 'heat' } },
  ],
  edges: [
    { type: 'HAS_EPISODE', from: 'podcast:show', to: 'episode:ep-23' },
    { type: 'HOSTS', from: 'person:host', to: 'podcast:show' },
    { type: 'GUESTS_ON', from: 'person:guest', to: 'podcast:show' },
    { type: 'MENTIONS', from: 'episode:ep-23', to: 'topic:heat' },
  ],
};

export const BRIDGE_PIPELINE = {
  schema_version: '1.0',
  episode_id: 'ep-31',
  emitted_at: '2026-01-01T00:00:00Z',
  identities: [
    {
      id: 'g:person:maya',
      type: 'person',
      display_name: 'Maya R.',
      aliases: ['Maya'],
      sources: { gi: true, kg: true },
    },
    {
      id: 'topic:soil',
      type: 'topic',
      display_name: 'Soil',
      aliases: [],
      sources: { gi: true, kg: false },
    },
  ],
  fuzzy_merges: [],
};

export const BRIDGE_FIXTURE = {
  schema_version: '1',
  episode_id: 'ep-1',
  identities: [{ id: 'org:acme', display_name: 'Acme Corp' }],
};

export const BRIDGE_CONNECTIVITY = {
  podcast_id: 'podcast:p',
  entity_to_canonical: { 'k:person:ana': 'person:ana-lopez' },
  topic_to_canonical: { 'concept:flooding': 'topic:floods' },
};
