import { fileURLToPath } from 'node:url';

/**
 * Where the converted cache lives unless configured: `vectors/` beside this
 * package's `src/` and `dist/` (git-ignored). `pnpm build` fills it; a process
 * that finds it missing converts once and every later one reads it.
 */
export function defaultVectorCacheFile(): string {
  return fileURLToPath(new URL('../../vectors/wink-sg-100d-100k.i8.bin', import.meta.url));
}
