import { sanitizeSyncUrl } from '@podcast/corpus';

export { sanitizeSyncUrl };

/** Sanitises each URL once; `updates` maps every URL it changed to what is stored ('': refused). */
export function sanitizeAll(urls: readonly string[]): {
  clean: string[];
  updates: Map<string, string>;
} {
  const clean = new Set<string>();
  const updates = new Map<string, string>();
  for (const sent of urls) {
    const stored = sanitizeSyncUrl(sent);
    if (stored !== sent) {
      updates.set(sent, stored);
    }
    if (stored !== '') {
      clean.add(stored);
    }
  }
  return { clean: [...clean], updates };
}
