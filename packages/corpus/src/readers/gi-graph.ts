/** The compact form every GI lineage (1.0 through 3.1) is normalised into. */
export interface NormalizedInsight {
  id: string;
  text: string;
  /** Explicit `grounded`, else "has a SUPPORTED_BY quote". */
  grounded: boolean;
  insight_type?: string;
  confidence?: number;
  position_hint?: number;
  salience?: number;
  rank?: number;
  tier?: number;
  surfaceable?: boolean;
  routing_tag?: string;
  /** SUPPORTED_BY targets, in edge order (may include ids with no node). */
  quoteIds: readonly string[];
  /** ABOUT targets (connectivity points some at topics with no node). */
  topicIds: readonly string[];
  /** SPOKEN_BY targets of the insight's quotes, then MENTIONS_PERSON targets. */
  personIds: readonly string[];
  /** MENTIONS_ORG targets. */
  orgIds: readonly string[];
}

export interface NormalizedQuote {
  id: string;
  text: string;
  char_start?: number;
  char_end?: number;
  timestamp_start_ms?: number;
  timestamp_end_ms?: number;
  /** Who said it: its SPOKEN_BY target, else the file's `speaker_id` (`gi-reader.ts`). */
  speaker_id: string | null;
  speaker_name?: string;
}

export interface GraphTopic {
  id: string;
  label: string;
}

export interface GraphPerson {
  id: string;
  name: string;
  /** Unnamed diarization voice (`person:speaker-…`), kept out of people lists. */
  hidden: boolean;
}

export interface GraphOrg {
  id: string;
  name: string;
}

export interface NormalizedGraph {
  /** Top-level episode_id without any `episode:` prefix; null when absent. */
  episode_id: string | null;
  schema_version: string | null;
  model_version: string | null;
  insights: NormalizedInsight[];
  quotes: NormalizedQuote[];
  topics: GraphTopic[];
  persons: GraphPerson[];
  orgs: GraphOrg[];
}
