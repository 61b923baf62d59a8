import type { DigestBandConfig } from '@podcast/corpus';

/**
 * The digest's topic bands. Spec 04 §8: bands come from server config, not
 * from the corpus, so they are fixed here. An episode joins a band when one
 * of its topic labels contains a keyword as whole words (case, accents and
 * punctuation ignored), so list singular and plural forms where both occur.
 */
export const DIGEST_TOPIC_BANDS: readonly DigestBandConfig[] = Object.freeze([
  {
    id: 'climate-environment',
    label: 'Climate & environment',
    keywords: [
      'climate',
      'flood',
      'flooding',
      'stormwater',
      'ocean',
      'marine',
      'emissions',
      'carbon',
    ],
  },
  {
    id: 'technology',
    label: 'Technology',
    keywords: [
      'software',
      'artificial intelligence',
      'machine learning',
      'data',
      'battery',
      'batteries',
      'satellite',
      'engineering',
    ],
  },
  {
    id: 'science',
    label: 'Science & research',
    keywords: [
      'science',
      'research',
      'sleep',
      'microbiome',
      'astronomy',
      'exoplanets',
      'telescopes',
      'chemistry',
    ],
  },
  {
    id: 'policy-economy',
    label: 'Policy & economy',
    keywords: [
      'policy',
      'regulation',
      'funding',
      'budgets',
      'pricing',
      'inflation',
      'interest rates',
      'zoning',
    ],
  },
  {
    id: 'culture-history',
    label: 'Culture & history',
    keywords: ['history', 'jazz', 'music', 'culture', 'medieval', 'food'],
  },
  {
    id: 'work-life',
    label: 'Work & life',
    keywords: ['work', 'labour', 'labor', 'burnout', 'health', 'wages'],
  },
]);
