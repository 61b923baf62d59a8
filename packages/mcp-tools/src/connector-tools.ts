import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { EpisodeFiles, EpisodeRecord } from '@podcast/corpus';
import type { SearchHit } from '@podcast/search';
import { clock, locateQuote } from '@podcast/user-state';
import { z } from 'zod';
import { defineTool, ToolError } from './define-tool.js';
import { fetchDocument } from './fetch-documents.js';
import { type FetchTarget, fetchIdOf, parseFetchId } from './fetch-targets.js';
import { episodeUrl, READS, type UserToolsCtx } from './user-tools-ctx.js';

/*
 * The two tools ChatGPT-style connectors call (deep research, company
 * knowledge): `search` with one string, answering {id, title, url} results,
 * and `fetch` of one id, answering {id, title, text, url, metadata}. They
 * sit beside the richer tools; transcript ranges also go out as
 * `resource_link` content.
 */

const tool = defineTool<UserToolsCtx>();

/** Results one search answers, after merging hits that name the same thing. */
const SEARCH_RESULTS = 10;

function rangeOf(
  slug: string,
  start: number | undefined,
  end: number | undefined,
): FetchTarget | undefined {
  return start === undefined || end === undefined
    ? undefined
    : { kind: 'transcript', slug, startMs: start, endMs: Math.max(start, end) };
}

/** The episodes search hits name, by slug, and their files, read once when first asked for. */
interface HitEpisodes {
  bySlug: ReadonlyMap<string, EpisodeRecord>;
  files: () => Promise<EpisodeFiles>;
}

/**
 * What a hit is best fetched as: an insight as itself, a quote or a
 * transcript passage as its range of the transcript (a passage lifted to a
 * quote, or found in the transcript), anything else as its episode.
 */
async function targetOf(episodes: HitEpisodes, hit: SearchHit): Promise<FetchTarget | undefined> {
  const slug = hit.episode_slug;
  const episode = slug === undefined ? undefined : episodes.bySlug.get(slug);
  if (!slug || !episode) {
    return undefined;
  }
  if (hit.doc_type === 'insight') {
    return { kind: 'insight', slug, insightId: hit.source_id };
  }
  if (hit.doc_type === 'quote') {
    const quote = (await episodes.files())
      .graphOf(episode)
      ?.quotes.find((candidate) => candidate.id === hit.source_id);
    return (
      rangeOf(slug, quote?.timestamp_start_ms, quote?.timestamp_end_ms) ?? { kind: 'episode', slug }
    );
  }
  if (hit.doc_type === 'transcript') {
    const lifted = hit.lifted?.quote;
    const found = lifted ? undefined : await locateQuote(await episodes.files(), episode, hit.text);
    return (
      rangeOf(
        slug,
        lifted?.timestamp_start_ms ?? found?.startMs,
        lifted?.timestamp_end_ms ?? found?.endMs,
      ) ?? { kind: 'episode', slug }
    );
  }
  return { kind: 'episode', slug };
}

/** The episodes `hits` name, found in one read; their files are read for the first hit needing them. */
async function hitEpisodes(ctx: UserToolsCtx, hits: readonly SearchHit[]): Promise<HitEpisodes> {
  const { holdings } = ctx.userState;
  const slugs = [...new Set(hits.flatMap((hit) => hit.episode_slug ?? []))];
  const list = await holdings.findEpisodes(slugs);
  let files: Promise<EpisodeFiles> | undefined;
  return {
    bySlug: new Map(list.map((episode) => [episode.slug, episode])),
    files: () => {
      files ??= holdings.layersOf(list);
      return files;
    },
  };
}

function titleOf(target: FetchTarget, hit: SearchHit): string {
  const episode = hit.episode_title ?? target.slug;
  if (target.kind === 'insight') {
    const text = hit.text.length > 100 ? `${hit.text.slice(0, 99)}…` : hit.text;
    return `${text} (${episode})`;
  }
  if (target.kind === 'transcript') {
    return `${episode}, ${clock(target.startMs)} to ${clock(target.endMs)}`;
  }
  return hit.podcast_title ? `${episode} (${hit.podcast_title})` : episode;
}

/** Where an insight's earliest supporting quote starts, as fetch links it; 0 without one. */
function firstQuoteMs(hit: SearchHit): number {
  const starts = (hit.supporting_quotes ?? []).flatMap((quote) => quote.timestamp_start_ms ?? []);
  return starts.length > 0 ? Math.min(...starts) : 0;
}

/** A transcript range as a link the client may show or open. */
function rangeLink(id: string, title: string, url: string): ResourceLink {
  return {
    type: 'resource_link',
    uri: url,
    name: id,
    title,
    description: `Transcript range; fetch id ${id}`,
  };
}

const search = tool({
  name: 'search',
  title: 'Search podcasts',
  description:
    'Searches every episode (insights, quotes, transcripts, summaries) and answers up to ' +
    `${SEARCH_RESULTS} results, each an id to pass to fetch: an insight, a transcript range, or ` +
    'an episode.',
  requires: 'corpus:read',
  annotations: READS,
  input: z.object({ query: z.string().trim().min(1).max(500) }),
  output: z.object({
    results: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })),
  }),
  handler: async ({ query }, ctx) => {
    const outcome = await ctx.search.search(await ctx.searchCorpus(), {
      q: query,
      topK: SEARCH_RESULTS * 2,
    });
    const hits = outcome.status === 'ok' ? outcome.hits : [];
    const episodes = await hitEpisodes(ctx, hits);
    const results = new Map<string, { id: string; title: string; url: string }>();
    for (const hit of hits) {
      const target = await targetOf(episodes, hit);
      const id = target && fetchIdOf(target);
      if (target && id && !results.has(id)) {
        const at = target.kind === 'transcript' ? target.startMs : firstQuoteMs(hit);
        results.set(id, { id, title: titleOf(target, hit), url: episodeUrl(ctx, target.slug, at) });
      }
      if (results.size === SEARCH_RESULTS) {
        break;
      }
    }
    return { results: [...results.values()] };
  },
  links: ({ results }) =>
    results
      .filter((result) => parseFetchId(result.id)?.kind === 'transcript')
      .map((result) => rangeLink(result.id, result.title, result.url)),
});

const MetadataQuote = z.object({ fetch_id: z.string(), start_ms: z.number(), url: z.string() });

const fetchTool = tool({
  name: 'fetch',
  title: 'Fetch a search result',
  description:
    'The full text of one id that search answered: an episode (summary, description, its ' +
    'insights), an insight (with its verbatim quotes, speakers and times), or a transcript range ' +
    '(at most 15 minutes, each line with its time and speaker).',
  requires: 'corpus:read',
  annotations: READS,
  input: z.object({ id: z.string().min(1).max(300) }),
  output: z.object({
    id: z.string(),
    title: z.string(),
    text: z.string(),
    url: z.string(),
    metadata: z.record(z.string(), z.unknown()),
  }),
  handler: async ({ id }, ctx) => {
    const target = parseFetchId(id);
    if (!target) {
      throw new ToolError(`id: not a search result id (episode/…, insight/…, transcript/…): ${id}`);
    }
    return fetchDocument(ctx, target);
  },
  links: ({ metadata }) => {
    const quotes = z.array(MetadataQuote).safeParse(metadata.quotes);
    return (quotes.success ? quotes.data : []).map((quote) =>
      rangeLink(quote.fetch_id, `Quote at ${clock(quote.start_ms)}`, quote.url),
    );
  },
});

/** The search and fetch pair, in that order. */
export const CONNECTOR_TOOLS = [search, fetchTool];
