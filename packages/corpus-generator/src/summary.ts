import { isoSeconds, MINUTE_MS } from './clock.js';
import type { EpisodeContext } from './episode-context.js';
import type { Rng } from './prng.js';
import { capitalizeFirst } from './text.js';
import { SUMMARY_TITLES } from './vocabulary/titles.js';

export interface EpisodeSummary {
  title: string;
  bullets: string[];
  short_summary: string;
  raw_text: string;
  generated_at: string;
  schema_status: string;
}

function topicList(labels: string[]): string {
  return labels.length < 2
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * Bullets are the best surfaceable insights (3-6); short episodes pad with a
 * topics bullet. `short_summary` follows the spec 04 §2.1 rule: the only
 * bullet, else the first two joined by a space.
 */
export function buildSummary(rng: Rng, context: EpisodeContext): EpisodeSummary {
  const { episode, feed } = context;
  const ranked = context.insights.filter((i) => i.surfaceable).sort((a, b) => a.rank - b.rank);
  const bullets = ranked.slice(0, rng.int(3, 6)).map((insight) => insight.text);
  if (bullets.length < 3) {
    bullets.push(`The episode covers ${topicList(episode.topics.map((t) => t.label))}.`);
  }
  const [t, u] = episode.topics;
  const title = capitalizeFirst(
    rng
      .pick(SUMMARY_TITLES)
      .replace('{t}', t?.label ?? '')
      .replace('{u}', u?.label ?? 'the rest'),
  );
  const who = episode.guests[0]
    ? `${episode.guests[0].name} joins ${feed.hosts[0]?.name} to talk about ${topicList(episode.topics.map((x) => x.label))}.`
    : `${feed.hosts.map((h) => h.name).join(' and ')} talk about ${topicList(episode.topics.map((x) => x.label))}.`;
  return {
    title,
    bullets,
    short_summary: bullets.length === 1 ? (bullets[0] as string) : `${bullets[0]} ${bullets[1]}`,
    raw_text: `${who} ${bullets.join(' ')}`,
    generated_at: isoSeconds(context.processedAtMs - 4 * MINUTE_MS),
    schema_status: 'valid',
  };
}
