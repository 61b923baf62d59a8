/**
 * User text (and corpus text) placed into the Markdown export as plain text.
 * Every character Markdown reads as inline syntax is backslash-escaped (a
 * CommonMark escape renders the character itself), so no link, image, code
 * span, emphasis, tag or raw HTML (`<script>`) can be written through a
 * field; at the start of a line, list, heading, quote, setext and thematic
 * break markers are escaped too.
 */

const INLINE_SYNTAX = /[\\`*_{}[\]<>#|~$&!]/g;
// After leading spaces are dropped: `- x`, `+ x`, `1. x`, `1) x`, `===`, `---`.
const LINE_START = /^([-+=]|\d+(?=[.)]))/;

function escapeLine(line: string): string {
  const escaped = line.trim().replace(INLINE_SYNTAX, (char) => `\\${char}`);
  return escaped.replace(LINE_START, (marker) =>
    /^\d/.test(marker) ? `${marker}\\` : `\\${marker}`,
  );
}

/** One line of plain text: line breaks and other white space runs become one space. */
export function markdownInline(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return escapeLine(text.replace(/[\s\u0000-\u001f\u007f]+/g, ' '));
}

/** Text of several lines as a block quote under `indent`, each line escaped on its own. */
export function markdownQuote(text: string, indent: string): string[] {
  return text
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map((line) => markdownInline(line))
    .map((line) => (line === '' ? `${indent}>` : `${indent}> ${line}`));
}
