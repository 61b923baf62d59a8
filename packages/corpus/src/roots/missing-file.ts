/** True for the errors a path that does not exist (or ran into a file where a folder was) raises. */
export function isMissingFileError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
