import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Every schema in the repo is built from this one extended zod instance, so
// `.openapi()` metadata is available wherever a schema is declared.
extendZodWithOpenApi(z);

// Re-exporting a type keeps the import in our .d.ts, which carries the
// library's `declare module 'zod'` augmentation to every package that
// imports `z` from here (a bare side-effect import is dropped from .d.ts).
export type { ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
export { z };
