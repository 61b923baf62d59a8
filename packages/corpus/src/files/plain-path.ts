import path from 'node:path';

/** What keeps a relative path from being plain: a leading or trailing slash, an empty, `.` or `..` segment, a backslash. */
const NOT_PLAIN = /^\/|\/$|\/\/|\\|(?:^|\/)\.{1,2}(?:\/|$)/;

/** A non-empty relative path that normalising would leave as it is. */
export const isPlainRelative = (text: string): boolean => text !== '' && !NOT_PLAIN.test(text);

/** Whether `root` is an absolute posix path that normalising would leave as it is. */
export const isPlainRoot = (root: string): boolean =>
  path.sep === '/' && path.isAbsolute(root) && isPlainRelative(root.slice(1));

/**
 * `path.join(root, relpath)`: the two joined as text when both are plain,
 * which is what join gives, else through join. Join normalises every
 * character of both, and a restart checks every tracked file: joined as
 * text, each stat is noticeably cheaper.
 */
export function joinUnder(root: string, relpath: string): string {
  return isPlainRoot(root) && isPlainRelative(relpath)
    ? [root, relpath].join('/')
    : path.join(root, relpath);
}
