import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { listJsonSchemaFiles } from '../src/json-schema-files.js';

const schemasDir = new URL('../schemas/', import.meta.url);
const fix = 'run `npx tsx packages/contracts/src/write-json-schemas.ts` to regenerate';

describe('committed JSON Schema files', () => {
  it('ships exactly the files the generator produces', () => {
    const committed = readdirSync(schemasDir).filter((name) => name.endsWith('.json'));
    const generated = listJsonSchemaFiles().map((file) => file.name);
    expect({ committed: committed.sort(), fix }).toEqual({ committed: generated.sort(), fix });
  });

  it.each(listJsonSchemaFiles().map((file) => [file.name, file.schema] as const))(
    '%s equals the schema generated from zod',
    (name, schema) => {
      const committed: unknown = JSON.parse(readFileSync(new URL(name, schemasDir), 'utf8'));
      expect(committed).toEqual(schema);
    },
  );
});
