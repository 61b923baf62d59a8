import { QueryBoolean } from './query.js';
import { CorpusPath } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Request shapes of the routes that serve corpus files and resolve audio
 * (spec 01 "Corpus routes" text-file, binary, media; "Consumer routes"
 * artwork, audio-source). Their responses are raw bytes, except the audio
 * source (catalog.ts). Choices: docs/decisions/files-and-media.md.
 */

function relpath(description: string, example: string) {
  return z.string().min(1).openapi({ description, example });
}

/** The query of a route serving one file of the corpus: the corpus and the file's relpath. */
function corpusFileQuery(description: string, example: string) {
  return z.object({ path: CorpusPath.optional(), relpath: relpath(description, example) });
}

export const CorpusTextFileQuery = corpusFileQuery(
  'File relative to the corpus root: .txt, .md, .vtt, .srt or .json. A missing .txt is ' +
    'served from its .cleaned.txt sibling (and the reverse); a missing .adfree.txt from the ' +
    'raw transcript. The X-Served-Relpath header names the file actually served.',
  'feeds/p01/run_20260101-000000/transcripts/p01_e01.adfree.txt',
);
export type CorpusTextFileQuery = z.infer<typeof CorpusTextFileQuery>;

export const CorpusBinaryQuery = corpusFileQuery(
  'File relative to the corpus root; hidden folders other than the art store are refused',
  '.podcast_scraper/corpus-art/sha256/ab/cd/abcd.png',
);
export type CorpusBinaryQuery = z.infer<typeof CorpusBinaryQuery>;

export const CorpusMediaQuery = corpusFileQuery(
  'A locally persisted audio or video file relative to the corpus root',
  'feeds/p01/run_20260101-000000/media/p01_e01.mp3',
);
export type CorpusMediaQuery = z.infer<typeof CorpusMediaQuery>;

export const ArtworkSize = z.enum(['large', 'thumb']).openapi({
  description: 'large: the original bytes; thumb: at most 320 px on the longest side, WebP',
});
export type ArtworkSize = z.infer<typeof ArtworkSize>;

export const ArtworkQuery = z.object({
  ref: relpath(
    'Corpus-relative path of an image inside the art store .podcast_scraper/corpus-art/',
    '.podcast_scraper/corpus-art/sha256/ab/cd/abcd.png',
  ),
  size: ArtworkSize.default('large'),
});
export type ArtworkQuery = z.infer<typeof ArtworkQuery>;

export const AudioSourceQuery = z.object({
  validate: QueryBoolean.optional().openapi({
    description:
      'HEAD the origin URL (following at most 5 redirects, 3 s in all) and report ' +
      'resolved_url, verified and content_length. Hosts that resolve to private, loopback or ' +
      'link-local addresses are never contacted.',
  }),
});
export type AudioSourceQuery = z.infer<typeof AudioSourceQuery>;
