import { describe, expect, it } from '@jest/globals';
import { giArtifactJsonSchema, validateGiArtifact } from './gi-artifact.js';

// biome-ignore lint/suspicious/noExplicitAny: tests mutate arbitrary paths of a plain JSON document
type Json = any;

/** A small but complete 1.0 artifact: one of each node type, every edge type. */
function validArtifact(): Json {
  return {
    schema_version: '1.0',
    model_version: 'provider:gpt-test-2026-01',
    prompt_version: 'gi-extract.v4',
    episode_id: 'ep-0042',
    nodes: [
      {
        id: 'podcast:field-notes',
        type: 'Podcast',
        properties: {
          title: 'Field Notes',
          rss_url: 'https://example.org/feed.xml',
          publisher: 'Example Media',
        },
      },
      {
        id: 'episode:ep-0042',
        type: 'Episode',
        properties: {
          podcast_id: 'podcast:field-notes',
          title: 'Rain gardens',
          publish_date: '2026-03-02T06:00:00Z',
          audio_url: 'https://example.org/42.mp3',
          duration_ms: 1_800_000,
        },
      },
      {
        id: 'speaker:maya',
        type: 'Speaker',
        properties: { name: 'Maya Ortiz', aliases: ['Maya'] },
      },
      {
        id: 'topic:drainage',
        type: 'Topic',
        properties: { label: 'drainage', aliases: ['stormwater'] },
      },
      {
        id: 'insight:9f00aa11bb22cc33',
        type: 'Insight',
        properties: {
          text: 'Rain gardens cut street flooding.',
          episode_id: 'ep-0042',
          grounded: true,
        },
        confidence: 0.82,
      },
      {
        id: 'quote:1a2b3c4d5e6f7a8b',
        type: 'Quote',
        properties: {
          text: 'we saw flooding drop by half',
          episode_id: 'ep-0042',
          speaker_id: 'speaker:maya',
          char_start: 1200,
          char_end: 1228,
          timestamp_start_ms: 61_000,
          timestamp_end_ms: 66_500,
          transcript_ref: 'transcripts/ep-0042.txt',
        },
      },
      { id: 'topic:soil', type: 'Topic', properties: { label: 'soil' } },
      {
        id: 'insight:0000aaaa1111bbbb',
        type: 'Insight',
        properties: { text: 'Soil type matters.', episode_id: 'ep-0042', grounded: false },
      },
    ],
    edges: [
      { type: 'HAS_EPISODE', from: 'podcast:field-notes', to: 'episode:ep-0042' },
      { type: 'SPOKE_IN', from: 'speaker:maya', to: 'episode:ep-0042' },
      { type: 'HAS_INSIGHT', from: 'episode:ep-0042', to: 'insight:9f00aa11bb22cc33' },
      { type: 'SUPPORTED_BY', from: 'insight:9f00aa11bb22cc33', to: 'quote:1a2b3c4d5e6f7a8b' },
      { type: 'SPOKEN_BY', from: 'quote:1a2b3c4d5e6f7a8b', to: 'speaker:maya' },
      {
        type: 'ABOUT',
        from: 'insight:9f00aa11bb22cc33',
        to: 'topic:drainage',
        properties: { confidence: 0.9 },
      },
      {
        type: 'RELATED_TO',
        from: 'topic:drainage',
        to: 'topic:soil',
        properties: { confidence: 0.4, method: 'cooccurrence' },
      },
    ],
  };
}

const [PODCAST, EPISODE, SPEAKER, TOPIC, INSIGHT, QUOTE] = [0, 1, 2, 3, 4, 5];

const REMOVE = Symbol('remove');

/** Sets (or with REMOVE deletes) the value at a dotted path of a JSON document. */
function withValue(doc: Json, path: string, value: unknown): Json {
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce((node, key) => node[key], doc);
  if (value === REMOVE) {
    delete parent[last];
  } else {
    parent[last] = value;
  }
  return doc;
}

function errorPaths(value: unknown): string[] {
  const result = validateGiArtifact(value);
  return result.ok ? [] : result.errors.map((e) => e.path);
}

describe('validateGiArtifact', () => {
  it('accepts a complete 1.0 artifact and returns it', () => {
    const result = validateGiArtifact(validArtifact());
    expect(result).toEqual({ ok: true, artifact: validArtifact() });
  });

  it('accepts a quote whose speaker_id is null or absent', () => {
    const withNull = validArtifact();
    withNull.nodes[QUOTE].properties.speaker_id = null;
    const without = validArtifact();
    delete without.nodes[QUOTE].properties.speaker_id;
    expect(validateGiArtifact(withNull).ok).toBe(true);
    expect(validateGiArtifact(without).ok).toBe(true);
  });

  it('reports a document that is not an object at the empty path', () => {
    expect(errorPaths('nope')).toEqual(['']);
  });

  const topLevelFields = [
    'schema_version',
    'model_version',
    'prompt_version',
    'episode_id',
    'nodes',
    'edges',
  ];
  it.each(topLevelFields)('refuses an artifact without %s', (field) => {
    const a = validArtifact();
    delete a[field];
    expect(errorPaths(a)).toEqual([field]);
  });

  const requiredProperties: [string, string, number][] = [
    ['Podcast', 'title', PODCAST],
    ['Podcast', 'rss_url', PODCAST],
    ['Episode', 'podcast_id', EPISODE],
    ['Episode', 'title', EPISODE],
    ['Episode', 'publish_date', EPISODE],
    ['Speaker', 'name', SPEAKER],
    ['Topic', 'label', TOPIC],
    ['Insight', 'text', INSIGHT],
    ['Insight', 'episode_id', INSIGHT],
    ['Insight', 'grounded', INSIGHT],
    ['Quote', 'text', QUOTE],
    ['Quote', 'episode_id', QUOTE],
    ['Quote', 'char_start', QUOTE],
    ['Quote', 'char_end', QUOTE],
    ['Quote', 'timestamp_start_ms', QUOTE],
    ['Quote', 'timestamp_end_ms', QUOTE],
    ['Quote', 'transcript_ref', QUOTE],
  ];
  it.each(requiredProperties)('refuses %s properties without %s', (_type, field, index) => {
    const a = validArtifact();
    delete a.nodes[index].properties[field];
    expect(errorPaths(a)).toEqual([`nodes.${index}.properties.${field}`]);
  });

  it.each([
    ['Podcast', PODCAST],
    ['Episode', EPISODE],
    ['Speaker', SPEAKER],
    ['Topic', TOPIC],
    ['Insight', INSIGHT],
    ['Quote', QUOTE],
  ])('refuses an unknown key in %s properties', (_type, index) => {
    const a = validArtifact();
    a.nodes[index].properties.salience = 0.5;
    expect(errorPaths(a)).toEqual([`nodes.${index}.properties.salience`]);
  });

  // Each case breaks one rule of the spec tables by setting (or removing) the
  // value at a path; the validator must report exactly that path.
  const brokenRules: [string, string, unknown][] = [
    ['schema_version 2.0', 'schema_version', '2.0'],
    ['schema_version 1.0.0', 'schema_version', '1.0.0'],
    ['schema_version as a number', 'schema_version', 1.0],
    ['an extra top-level key', 'generated_at', 'now'],
    ['an empty model_version', 'model_version', ''],
    ['an empty prompt_version', 'prompt_version', ''],
    ['an empty episode_id', 'episode_id', ''],
    ['nodes that is not an array', 'nodes', {}],
    ['an unknown node type', 'nodes.3.type', 'Organization'],
    ['an empty node id', 'nodes.2.id', ''],
    ['a Speaker without properties', 'nodes.2.properties', REMOVE],
    ['an Insight without properties', 'nodes.4.properties', REMOVE],
    ['a Quote without properties', 'nodes.5.properties', REMOVE],
    ['an extra key on a node', 'nodes.3.score', 1],
    ['an extra key on an Insight node', 'nodes.4.salience', 0.5],
    ['node-level confidence on a Quote', 'nodes.5.confidence', 0.5],
    ['Insight confidence 1.5', 'nodes.4.confidence', 1.5],
    ['Insight confidence -0.1', 'nodes.4.confidence', -0.1],
    ['grounded as a string', 'nodes.4.properties.grounded', 'true'],
    ['grounded false with a supporting quote', 'nodes.4.properties.grounded', false],
    ['an empty Podcast title', 'nodes.0.properties.title', ''],
    ['an empty rss_url', 'nodes.0.properties.rss_url', ''],
    ['a date-only publish_date', 'nodes.1.properties.publish_date', '2026-03-02'],
    ['a free-text publish_date', 'nodes.1.properties.publish_date', 'last Tuesday'],
    ['a negative duration_ms', 'nodes.1.properties.duration_ms', -1],
    ['a fractional duration_ms', 'nodes.1.properties.duration_ms', 1.5],
    ['aliases that are not strings', 'nodes.2.properties.aliases.0', 1],
    ['an empty Topic label', 'nodes.3.properties.label', ''],
    ['an empty Insight text', 'nodes.4.properties.text', ''],
    ['a negative char_start', 'nodes.5.properties.char_start', -5],
    ['a negative timestamp_start_ms', 'nodes.5.properties.timestamp_start_ms', -1],
    ['a fractional timestamp_start_ms', 'nodes.5.properties.timestamp_start_ms', 1.5],
    ['char_end before char_start', 'nodes.5.properties.char_end', 1199],
    ['timestamp_end_ms before its start', 'nodes.5.properties.timestamp_end_ms', 60_000],
    ['a numeric speaker_id', 'nodes.5.properties.speaker_id', 7],
    ['an empty transcript_ref', 'nodes.5.properties.transcript_ref', ''],
    ['a duplicate node id', 'nodes.6.id', 'topic:drainage'],
    ['an unknown edge type', 'edges.0.type', 'MENTIONS'],
    ['an extra key on an edge', 'edges.1.weight', 2],
    ['an edge without from', 'edges.2.from', REMOVE],
    ['an edge without type', 'edges.2.type', REMOVE],
    ['an edge with an empty to', 'edges.2.to', ''],
    ['edge confidence 1.5', 'edges.5.properties.confidence', 1.5],
    ['edge properties that are not an object', 'edges.5.properties', 'high'],
  ];
  it.each(brokenRules)('refuses %s at %s', (_rule, path, value) => {
    expect(errorPaths(withValue(validArtifact(), path, value))).toEqual([path]);
  });

  it('refuses grounded true when no SUPPORTED_BY edge reaches a quote', () => {
    const unsupported = validArtifact();
    unsupported.edges.splice(3, 1);
    const dangling = withValue(validArtifact(), 'edges.3.to', 'quote:not-in-file');
    expect(errorPaths(unsupported)).toEqual(['nodes.4.properties.grounded']);
    expect(errorPaths(dangling)).toEqual(['nodes.4.properties.grounded']);
  });

  it('lists every problem of a document, not just the first', () => {
    const a = validArtifact();
    a.schema_version = '3.1';
    a.nodes[QUOTE].properties.char_start = -1;
    expect(errorPaths(a)).toEqual(['schema_version', 'nodes.5.properties.char_start']);
  });
});

describe('giArtifactJsonSchema', () => {
  const schema = giArtifactJsonSchema() as Json;

  it('is a draft 2020-12 schema that closes the top-level object', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    expect([...schema.required].sort()).toEqual([
      'edges',
      'episode_id',
      'model_version',
      'nodes',
      'prompt_version',
      'schema_version',
    ]);
  });

  it('pins schema_version to 1.0', () => {
    expect(schema.properties.schema_version.const).toBe('1.0');
  });

  it('lists exactly the seven edge types and closes edges', () => {
    const edge = schema.properties.edges.items;
    expect(edge.additionalProperties).toBe(false);
    expect([...edge.properties.type.enum].sort()).toEqual([
      'ABOUT',
      'HAS_EPISODE',
      'HAS_INSIGHT',
      'RELATED_TO',
      'SPOKEN_BY',
      'SPOKE_IN',
      'SUPPORTED_BY',
    ]);
  });

  it('closes every node variant and its properties', () => {
    const variants: Json[] = schema.properties.nodes.items.oneOf;
    expect(variants.map((v) => v.properties.type.const).sort()).toEqual([
      'Episode',
      'Insight',
      'Podcast',
      'Quote',
      'Speaker',
      'Topic',
    ]);
    for (const variant of variants) {
      expect(variant.additionalProperties).toBe(false);
      expect(variant.properties.properties.additionalProperties).toBe(false);
    }
  });
});
