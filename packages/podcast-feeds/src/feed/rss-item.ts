import type { EpisodeRecord } from '@podcast/corpus';
import type { EpisodeOverlay } from '../episode-files.js';
import { xmlElement } from '../xml/xml-text.js';
import {
  CHAPTERS_TYPE,
  type FeedLinks,
  TRANSCRIPT_TYPES,
  type TranscriptFormat,
} from './feed-links.js';

const FORMATS: readonly TranscriptFormat[] = ['vtt', 'srt', 'json'];

const AUDIO_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
};

/** The enclosure's type: the metadata's, else from the URL's extension, else MP3. */
function enclosureType(episode: EpisodeRecord, url: string): string {
  if (episode.media_type !== null) {
    return episode.media_type;
  }
  const extension = /\.([a-z0-9]{2,4})(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return (extension && AUDIO_TYPES[extension]) ?? 'audio/mpeg';
}

/** RFC 822 as RSS wants it: the full instant when known, else the day at midnight UTC. */
function pubDateOf(episode: EpisodeRecord): string | undefined {
  const when =
    episode.published_at ?? (episode.publish_date && `${episode.publish_date}T00:00:00Z`);
  const instant = when ? Date.parse(when) : Number.NaN;
  return Number.isNaN(instant) ? undefined : new Date(instant).toUTCString();
}

/** The show's own transcript and chapters links first; ours, marked generated in the files, after. */
function fileLinks(episode: EpisodeRecord, overlay: EpisodeOverlay, links: FeedLinks): string[] {
  const tags = episode.origin_transcripts.map((link) =>
    xmlElement('podcast:transcript', { url: link.url, type: link.type, language: link.language }),
  );
  if (episode.has_transcript) {
    for (const format of FORMATS) {
      tags.push(
        xmlElement('podcast:transcript', {
          url: links.transcript(episode.slug, format),
          type: TRANSCRIPT_TYPES[format],
        }),
      );
    }
  }
  if (episode.origin_chapters_url !== null) {
    tags.push(
      xmlElement('podcast:chapters', { url: episode.origin_chapters_url, type: CHAPTERS_TYPE }),
    );
  }
  if (overlay.hasChapters) {
    tags.push(
      xmlElement('podcast:chapters', { url: links.chapters(episode.slug), type: CHAPTERS_TYPE }),
    );
  }
  return tags;
}

/**
 * One `<item>`: the episode as its metadata has it (enclosure at the origin
 * audio, never rehosted) plus the overlay's podcast: tags. Undefined for an
 * episode without an origin audio URL: an app has nothing to play.
 */
export function rssItem(
  episode: EpisodeRecord,
  overlay: EpisodeOverlay,
  links: FeedLinks,
): string | undefined {
  const audio = episode.media_url;
  if (audio === null) {
    return undefined;
  }
  const description = episode.description ?? episode.summary.body ?? episode.summary_preview;
  const image = episode.episode_image_url ?? episode.feed_image_url;
  const pubDate = pubDateOf(episode);
  const parts = [
    xmlElement('title', {}, episode.title),
    description === null ? '' : xmlElement('description', {}, description),
    episode.link === null ? '' : xmlElement('link', {}, episode.link),
    xmlElement(
      'guid',
      { isPermaLink: 'false' },
      episode.guid ?? episode.episode_id ?? episode.slug,
    ),
    pubDate === undefined ? '' : xmlElement('pubDate', {}, pubDate),
    xmlElement('enclosure', { url: audio, length: 0, type: enclosureType(episode, audio) }),
    episode.duration_seconds === null
      ? ''
      : xmlElement('itunes:duration', {}, String(episode.duration_seconds)),
    image === null ? '' : xmlElement('itunes:image', { href: image }),
    ...fileLinks(episode, overlay, links),
    ...overlay.soundbites.map((bite) =>
      xmlElement(
        'podcast:soundbite',
        { startTime: bite.startTime, duration: bite.duration },
        bite.title,
      ),
    ),
    ...overlay.persons.map((person) =>
      xmlElement('podcast:person', { role: person.role, group: person.group }, person.name),
    ),
  ];
  return `<item>${parts.join('')}</item>\n`;
}
