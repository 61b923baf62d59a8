import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listJsonSchemaFiles, renderJsonSchema } from './json-schema-files.js';

// Run with `npx tsx packages/contracts/src/write-json-schemas.ts` after changing
// a schema that has a JSON Schema file; the drift test fails until you do.
const target = new URL('../schemas/', import.meta.url);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const written = listJsonSchemaFiles().map((file) => {
  const path = fileURLToPath(new URL(file.name, target));
  writeFileSync(path, renderJsonSchema(file.schema));
  return path;
});

// Biome folds short arrays onto one line; formatting here keeps `pnpm lint`
// clean. The drift test compares parsed JSON, so layout never matters to it.
execFileSync('node_modules/.bin/biome', ['format', '--write', ...written], {
  cwd: repoRoot,
  stdio: 'inherit',
});
console.log(written.map((path) => `wrote ${path}`).join('\n'));
