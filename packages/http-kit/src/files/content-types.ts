import path from 'node:path';

/**
 * Content types by file extension. The server never sniffs bytes: the
 * extension decides, and every file response carries `nosniff` so a browser
 * does not second-guess it.
 */
const TYPES: Readonly<Record<string, string>> = {
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.srt': 'application/x-subrip',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/vnd.microsoft.icon',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.weba': 'audio/webm',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
};

export const OCTET_STREAM = 'application/octet-stream';

/** The five suffixes `GET /api/corpus/text-file` shows inline (spec 01, spec 04 §8). */
export const TEXT_FILE_EXTENSIONS: readonly string[] = ['.txt', '.md', '.vtt', '.srt', '.json'];

function extensionOf(relpath: string): string {
  return path.posix.extname(relpath).toLowerCase();
}

/** The content type a file is served with; unknown extensions are opaque bytes. */
export function contentTypeOf(relpath: string): string {
  return TYPES[extensionOf(relpath)] ?? OCTET_STREAM;
}

export function isTextFileName(relpath: string): boolean {
  return TEXT_FILE_EXTENSIONS.includes(extensionOf(relpath));
}

/**
 * The type of an inline text view. SubRip has no registered type and browsers
 * download `application/x-subrip`, so the viewer gets it as plain text.
 */
export function textFileContentType(relpath: string): string {
  const type = contentTypeOf(relpath);
  return type === TYPES['.srt'] ? 'text/plain; charset=utf-8' : type;
}

/** Audio and video: what `GET /api/corpus/media` streams. */
export function isMediaContentType(type: string): boolean {
  return type.startsWith('audio/') || type.startsWith('video/');
}

export function isImageContentType(type: string): boolean {
  return type.startsWith('image/');
}

/** Images, audio and video render in place; everything else downloads. */
export function dispositionOf(type: string): 'inline' | 'attachment' {
  return isImageContentType(type) || isMediaContentType(type) ? 'inline' : 'attachment';
}
