import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Every schema in the repo is built from this one extended zod instance, so
// `.openapi()` metadata is available wherever a schema is declared.
extendZodWithOpenApi(z);

export { z };
