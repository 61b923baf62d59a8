/** One subject area; feeds are assigned a domain and draw their shows, topics and guests from it. */
export interface Domain {
  key: string;
  label: string;
  superTheme: string;
  /** Show titles for feeds of this domain, used in order. */
  shows: readonly string[];
  /** Completes "A show about …". */
  blurb: string;
  /** Guest job titles, completed with " at <org>". */
  roles: readonly string[];
  orgs: readonly string[];
  /** Figures guests cite; they become KG persons with role `mentioned`. */
  figures: readonly string[];
  /** Lowercase topic labels; `family` groups near-synonyms into semantic topic clusters. */
  topics: ReadonlyArray<{ label: string; family: string }>;
  /** Artwork base colour (RGB). */
  color: readonly [number, number, number];
}

/** Topics every domain can borrow, so some topics recur across shows. */
export const SHARED_TOPICS: ReadonlyArray<{ label: string; family: string }> = [
  { label: 'climate adaptation', family: 'climate' },
  { label: 'climate change', family: 'climate' },
  { label: 'public funding', family: 'public money' },
  { label: 'public budgets', family: 'public money' },
  { label: 'regulation', family: 'regulation' },
  { label: 'artificial intelligence', family: 'machine learning' },
  { label: 'machine learning', family: 'machine learning' },
  { label: 'data privacy', family: 'data privacy' },
  { label: 'open data', family: 'open data' },
  { label: 'public trust', family: 'public trust' },
  { label: 'misinformation', family: 'public trust' },
  { label: 'remote work', family: 'remote work' },
];

/** Small cross-show storylines (fewer than four members on purpose). */
export const SHARED_THEMES: ReadonlyArray<{ label: string; topics: readonly string[] }> = [
  { label: 'Paying for public goods', topics: ['public funding', 'public budgets', 'regulation'] },
  { label: 'Data and the public', topics: ['open data', 'data privacy'] },
  { label: 'Trust and truth', topics: ['public trust', 'misinformation'] },
];
