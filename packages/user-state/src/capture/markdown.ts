import type { Highlight, InsightQuote, Note } from '@podcast/contracts';
import type { EpisodeRecord } from '@podcast/corpus';
import { listNotes } from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import { listUserHighlights } from './highlights.js';
import { markdownInline, markdownQuote } from './markdown-text.js';

/** `/episodes/{slug}?t=<seconds>`: where a reader jumps back to the moment. */
export function deepLink(slug: string, ms: number | null | undefined): string {
  const seconds = ms == null ? 0 : Math.floor(ms / 1000);
  return `/episodes/${encodeURIComponent(slug)}?t=${seconds}`;
}

/** 75000 → `01:15`, 3_723_000 → `1:02:03`. */
export function clock(ms: number | null): string {
  const total = Math.floor((ms ?? 0) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Quote text on one line, never closing the quote marks early. */
function inline(text: string): string {
  return markdownInline(text.replace(/"/g, '\u201d'));
}

/** A note under a list item: its lines, each escaped, in a block quote inside the item. */
function noteLines(note: Note, link: string, indent: string): string[] {
  return [`${indent}- Note ([open](${link})):`, ...markdownQuote(note.text, `${indent}  `)];
}

function yamlString(text: string): string {
  return JSON.stringify(text);
}

function quoteLine(slug: string, quote: InsightQuote): string {
  const who = quote.speaker_name ? `${markdownInline(quote.speaker_name)}, ` : '';
  const at = quote.timestamp_start_ms;
  return `  - > "${inline(quote.text)}" (${who}[${clock(at)}](${deepLink(slug, at)}))`;
}

function highlightLines(h: Highlight, notes: readonly Note[]): string[] {
  const link = deepLink(h.episode_slug, h.start_ms);
  const stamp = `[${clock(h.start_ms)}](${link})`;
  const who = h.speaker?.trim() ? ` **${markdownInline(h.speaker)}:**` : '';
  const lines =
    h.kind === 'insight'
      ? [
          `- ${stamp} Insight: "${inline(h.quote_text ?? '')}"`,
          ...h.quotes.map((q) => quoteLine(h.episode_slug, q)),
        ]
      : [`- ${stamp}${who} "${inline(h.quote_text ?? '(no transcript at this moment)')}"`];
  if (h.anchor_status === 'lost') {
    lines.push(`  - (The transcript no longer holds this quote: [listen](${link}))`);
  }
  for (const note of notes) {
    lines.push(...noteLines(note, link, '  '));
  }
  return lines;
}

interface EpisodeGroup {
  episode: EpisodeRecord;
  highlights: Highlight[];
  notes: Note[];
}

/** Shows by title, episodes oldest first (then by slug), highlights in playing order. */
function groupsOf(
  episodes: ReadonlyMap<string, EpisodeRecord>,
  highlights: readonly Highlight[],
  episodeNotes: readonly Note[],
): Map<string, EpisodeGroup[]> {
  const bySlug = new Map<string, EpisodeGroup>();
  const groupFor = (slug: string) => {
    const episode = episodes.get(slug);
    if (!episode) {
      return undefined;
    }
    let group = bySlug.get(slug);
    if (!group) {
      group = { episode, highlights: [], notes: [] };
      bySlug.set(slug, group);
    }
    return group;
  };
  for (const h of highlights) {
    groupFor(h.episode_slug)?.highlights.push(h);
  }
  for (const note of episodeNotes) {
    groupFor(note.target_id)?.notes.push(note);
  }
  const shows = new Map<string, EpisodeGroup[]>();
  const groups = [...bySlug.values()].sort(
    (a, b) =>
      (a.episode.podcast_title ?? '').localeCompare(b.episode.podcast_title ?? '') ||
      (a.episode.publish_date ?? '').localeCompare(b.episode.publish_date ?? '') ||
      a.episode.slug.localeCompare(b.episode.slug),
  );
  for (const group of groups) {
    group.highlights.sort(
      (a, b) =>
        (a.start_ms ?? 0) - (b.start_ms ?? 0) ||
        a.created_at.localeCompare(b.created_at) ||
        a.id.localeCompare(b.id),
    );
    const show = group.episode.podcast_title ?? 'Unknown show';
    shows.set(show, [...(shows.get(show) ?? []), group]);
  }
  return shows;
}

/**
 * The Markdown export: YAML front matter (read by Obsidian and Logseq), a
 * heading per show and per episode, each highlight with its time, speaker,
 * quote and notes, and a deep link on every list line. Text from users and
 * the corpus is escaped (markdown-text.ts): one line each, a note's lines in
 * a block quote, so no field can start a heading or carry a link or HTML.
 * `episodes` holds the corpus's records of the episodes they name, by slug.
 */
export function captureMarkdown(
  episodes: ReadonlyMap<string, EpisodeRecord>,
  highlights: readonly Highlight[],
  notes: readonly Note[],
  exportedAt: Date,
): string {
  // A highlight shows its own notes and, for an insight, the notes on that insight.
  const notesOf = new Map<string, Note[]>();
  for (const note of notes) {
    const key = note.target === 'insight' ? `insight ${note.target_id}` : note.target_id;
    notesOf.set(key, [...(notesOf.get(key) ?? []), note]);
  }
  const attached = (h: Highlight) => [
    ...(notesOf.get(h.id) ?? []),
    ...(h.insight_id === null ? [] : (notesOf.get(`insight ${h.insight_id}`) ?? [])),
  ];
  const episodeNotes = notes.filter((note) => note.target === 'episode');
  const shows = groupsOf(episodes, highlights, episodeNotes);
  const out = [
    '---',
    `title: ${yamlString('Podcast highlights')}`,
    `exported_at: ${yamlString(exportedAt.toISOString())}`,
    `highlights: ${highlights.length}`,
    `notes: ${notes.length}`,
    'tags:',
    '  - podcast',
    '  - highlights',
    '---',
    '',
  ];
  for (const [show, groups] of shows) {
    out.push(`# ${markdownInline(show)}`, '');
    for (const { episode, highlights: list, notes: own } of groups) {
      const title = markdownInline(episode.title ?? episode.slug);
      const date = episode.publish_date ? ` (${episode.publish_date.slice(0, 10)})` : '';
      out.push(`## [${title}](${deepLink(episode.slug, 0)})${date}`, '');
      for (const h of list) {
        out.push(...highlightLines(h, attached(h)));
      }
      for (const note of own) {
        out.push(...noteLines(note, deepLink(episode.slug, 0), ''));
      }
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The user's Markdown export: the highlights as listed, with every note of theirs. */
export async function exportUserMarkdown(deps: UserStateDeps, userId: string): Promise<string> {
  const [list, notes] = await Promise.all([
    listUserHighlights(deps, userId),
    listNotes(deps.db, userId),
  ]);
  const slugs = new Set(list.items.map((h) => h.episode_slug));
  for (const note of notes) {
    if (note.target === 'episode') {
      slugs.add(note.target_id);
    }
  }
  const episodes = await deps.holdings.findEpisodes([...slugs]);
  return captureMarkdown(
    new Map(episodes.map((episode) => [episode.slug, episode])),
    list.items,
    notes.map(({ user_id: _u, ...note }) => note),
    deps.now(),
  );
}
