import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from '@jest/globals';
import * as contracts from '../src/index.js';
import { z } from '../src/zod.js';

// Every exported zod schema must turn into an OpenAPI 3.1 component under its
// export name; the API docs of both apps are generated from these.
const schemas: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(contracts as Record<string, unknown>)) {
  if (value instanceof z.ZodType) {
    schemas.push([name, value]);
  }
}

describe('OpenAPI components of the exported schemas', () => {
  const registry = new OpenAPIRegistry();
  for (const [name, schema] of schemas) {
    registry.register(name, schema);
  }
  const components = new OpenApiGeneratorV31(registry.definitions).generateComponents();
  const generated = components.components?.schemas ?? {};

  it('exports the shapes other workspaces build routes from', () => {
    const names = schemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GiArtifact',
        'EpisodeList',
        'DeliveryEnvelope',
        'CommsRecord',
        'EnrichmentBlock',
        'HealthResponse',
      ]),
    );
  });

  it.each(schemas.map(([name]) => [name]))('generates a component for %s', (name) => {
    expect(generated[name]).toBeDefined();
  });

  it('describes the catalog status values in the docs', () => {
    expect(generated.EpisodeStatus).toMatchObject({ enum: ['ready', 'partial', 'pending'] });
    expect(JSON.stringify(generated.EpisodeStatus)).toContain(
      'partial: transcript but no insights',
    );
  });
});
