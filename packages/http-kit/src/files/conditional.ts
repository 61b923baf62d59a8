/** Validators of a file on disk, for caching and If-Range. */
export interface FileValidators {
  /** Strong: size and modification time, so If-Range can use it. */
  etag: string;
  /** An HTTP date, whole seconds. */
  lastModified: string;
}

export function fileValidators(size: number, mtime: Date): FileValidators {
  const mtimeMs = Math.floor(mtime.getTime());
  return {
    etag: `"${size.toString(16)}-${mtimeMs.toString(16)}"`,
    lastModified: mtime.toUTCString(),
  };
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * True when the client's cached copy is current (RFC 9110 §13.1): If-None-Match
 * (weak comparison, `*` matches) wins over If-Modified-Since.
 */
export function isNotModified(
  headers: { ifNoneMatch?: string; ifModifiedSince?: string },
  validators: FileValidators,
): boolean {
  if (headers.ifNoneMatch !== undefined) {
    const ours = opaqueTag(validators.etag);
    return headers.ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .some((tag) => tag === '*' || opaqueTag(tag) === ours);
  }
  if (headers.ifModifiedSince !== undefined) {
    const since = Date.parse(headers.ifModifiedSince);
    const modified = Date.parse(validators.lastModified);
    return !Number.isNaN(since) && modified <= since;
  }
  return false;
}
