import type { EpisodeRecord, NormalizedGraph, NormalizedKg } from '@podcast/corpus';
import { speakersOfQuotes } from '@podcast/corpus';
import { type DocType, type IndexDocument, scopeOf } from './index-document.js';
import { adfreeToRaw, chunkTranscript, type ExcisedRange } from './transcript-chunks.js';

/** The transcript an episode is indexed from: the ad-free base when present (spec 04 §5.2). */
export interface IndexedTranscript {
  text: string;
  /** Raw-offset ranges cut out of `text`; empty for the raw transcript. */
  excised: readonly ExcisedRange[];
}

export interface EpisodeSources {
  episode: EpisodeRecord;
  graph?: NormalizedGraph;
  kg?: NormalizedKg;
  transcript?: IndexedTranscript;
}

type Row = Partial<IndexDocument> & { doc_type: DocType; id: string; text: string };

/** Every index row of one episode (spec 04 §5.2); none without an episode_id. */
export function episodeDocuments(sources: EpisodeSources): IndexDocument[] {
  const { episode, graph, kg, transcript } = sources;
  if (episode.episode_id === null) {
    return [];
  }
  const rows: Row[] = [];
  // `speakers` is what the `speaker` filter matches: who said it, by the graph routes' rule.
  const quotes = new Map(graph?.quotes.map((quote) => [quote.id, quote]));
  for (const insight of graph?.insights ?? []) {
    const supporting = insight.quoteIds.flatMap((id) => quotes.get(id) ?? []);
    const speakers = speakersOfQuotes(supporting, undefined);
    rows.push({
      doc_type: 'insight',
      id: insight.id,
      text: insight.text,
      speakers: speakers.join(' '),
      grounded: insight.grounded,
    });
  }
  for (const quote of graph?.quotes ?? []) {
    rows.push({
      doc_type: 'quote',
      id: quote.id,
      text: quote.text,
      char_start: quote.char_start ?? -1,
      char_end: quote.char_end ?? -1,
      speakers: speakersOfQuotes([quote], undefined).join(' '),
      grounded: true,
    });
  }
  for (const topic of kg?.topics ?? []) {
    const text = topic.description ? `${topic.label}. ${topic.description}` : topic.label;
    rows.push({ doc_type: 'kg_topic', id: topic.id, text });
  }
  for (const entity of [...(kg?.persons ?? []).filter((p) => !p.hidden), ...(kg?.orgs ?? [])]) {
    rows.push({ doc_type: 'kg_entity', id: entity.id, text: entity.name });
  }
  episode.summary.bullets.forEach((bullet, i) => {
    rows.push({ doc_type: 'summary', id: `bullet:${i}`, text: bullet });
  });
  const episodeLevel: [DocType, string | null][] = [
    ['summary_short', episode.summary.body],
    ['episode_title', episode.title],
    ['episode_description', episode.description],
  ];
  for (const [docType, text] of episodeLevel) {
    if (text) {
      rows.push({ doc_type: docType, id: docType, text });
    }
  }
  chunkTranscript(transcript?.text ?? '').forEach((chunk, n) => {
    const excised = transcript?.excised ?? [];
    rows.push({
      doc_type: 'transcript',
      id: `chunk:${n}`,
      text: chunk.text,
      char_start: adfreeToRaw(chunk.char_start, excised),
      char_end: adfreeToRaw(chunk.char_end - 1, excised) + 1,
    });
  });
  return rows.filter((row) => row.text.trim() !== '').map((row) => toDocument(episode, row));
}

function docIdOf(row: Row, scope: string): string {
  switch (row.doc_type) {
    case 'insight':
    case 'quote':
    case 'kg_topic':
    case 'kg_entity':
      return `${row.doc_type}:${scope}:${row.id}`;
    case 'summary':
      return `bullet:${scope}:${row.id.slice('bullet:'.length)}`;
    case 'transcript':
      return `chunk:${scope}:${row.id.slice('chunk:'.length)}`;
    default:
      return `${row.doc_type}:${scope}`;
  }
}

function toDocument(episode: EpisodeRecord, row: Row): IndexDocument {
  const episodeId = episode.episode_id ?? '';
  const scope = scopeOf(episode.feed_id, episodeId);
  return {
    doc_id: docIdOf(row, scope),
    doc_type: row.doc_type,
    scope,
    text: row.text,
    episode_id: episodeId,
    feed_id: episode.feed_id,
    publish_date: episode.publish_date ?? '',
    source_id: row.id,
    char_start: row.char_start ?? -1,
    char_end: row.char_end ?? -1,
    speakers: row.speakers ?? '',
    grounded: row.grounded ?? false,
  };
}
