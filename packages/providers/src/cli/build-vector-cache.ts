import { defaultVectorCacheFile } from '../word-vectors/default-cache.js';
import { ensureVectorCache } from '../word-vectors/static-provider.js';

// Run by `pnpm build` so the first search or index build does not pay the
// conversion (many seconds); a no-op when the cache is already there.
const file = defaultVectorCacheFile();
await ensureVectorCache(file);
process.stdout.write(`word-vector cache ready: ${file}\n`);
