import { describe, expect, it } from '@jest/globals';
import type { EpisodeRecord, NormalizedGraph } from '@podcast/corpus';
import { episodeDocuments } from './episode-documents.js';

const episode = {
  episode_id: 'ep',
  feed_id: 'feed',
  publish_date: '2026-01-02',
  title: '',
  description: null,
  summary: { bullets: [], body: null },
} as unknown as EpisodeRecord;

const quote = (id: string, speaker_id: string | null) => ({ id, text: `${id} text`, speaker_id });
const insight = (id: string, quoteIds: string[], personIds: string[]) => ({
  id,
  text: `${id} text`,
  grounded: quoteIds.length > 0,
  quoteIds,
  topicIds: [],
  personIds,
  orgIds: [],
});

const graph: NormalizedGraph = {
  episode_id: 'ep',
  schema_version: '3.1',
  model_version: null,
  insights: [
    insight(
      'insight:said',
      ['quote:maya', 'quote:voice', 'quote:old'],
      ['person:maya', 'person:ada'],
    ),
    insight('insight:unquoted', [], ['person:ada']),
  ],
  quotes: [
    quote('quote:maya', 'person:maya'),
    quote('quote:voice', 'person:speaker-01'),
    quote('quote:old', 'speaker:omar'),
  ],
  topics: [],
  persons: [],
  orgs: [],
};

describe('episode documents', () => {
  it('give insight and quote rows the speakers of their quotes, never a person only mentioned', () => {
    const speakers = new Map(
      episodeDocuments({ episode, graph }).map((doc) => [doc.source_id, doc.speakers]),
    );
    expect(Object.fromEntries(speakers)).toEqual({
      'insight:said': 'person:maya person:omar',
      'insight:unquoted': '',
      'quote:maya': 'person:maya',
      'quote:voice': '',
      'quote:old': 'person:omar',
    });
  });
});
