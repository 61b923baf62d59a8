/**
 * How deep a YAML text nests, estimated without parsing it. `yaml` spends
 * seconds and hundreds of megabytes on a document of 100,000 `[` (or
 * `- - - …`, `? ? …`, `{a: {a: …`) before it answers with an error, so the
 * operator files are scanned first and refused when the estimate passes
 * the limit.
 *
 * The estimate never counts what `yaml` would not nest: brackets inside
 * quoted scalars, comments and block scalars are skipped. Where the scan is
 * unsure (a bracket inside a plain scalar, a continuation line) it counts,
 * so doubt leads to a refusal of an odd but harmless file rather than to a
 * slow parse. Flow nesting and compact indicators (`- - -`) are counted
 * exactly; a block mapping and a sequence at the same indentation count
 * once, so a block document may nest up to twice the estimate, which
 * `yaml` parses quickly and `yamlShapeProblem` then refuses exactly.
 */

interface Scan {
  /** Open `[`/`{` levels. */
  flow: number;
  /** Whether a node may begin where the last line of an open flow collection ended (after `[` or `,`). */
  flowAtStart: boolean;
  /** The block depth of the line on which the open flow collection began. */
  flowBase: number;
  /** The quote of a quoted scalar still open at the end of the last line. */
  quote: '"' | "'" | null;
  /** Lines indented deeper than this belong to an open block scalar (`|`, `>`). */
  blockScalarParent: number | null;
  /** Indentations of the enclosing block lines, increasing. */
  indents: number[];
  deepest: number;
  /** The scan stops once `deepest` passes this: the answer is already "too deep". */
  stopAbove: number;
}

const SPACE = /[ \t]/;
const BLOCK_SCALAR_HEADER = /^[|>]([1-9][+-]?|[+-][1-9]?)?[ \t]*(#.*)?$/;

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || SPACE.test(ch);
}

/** Index just past the quoted scalar opened at `from - 1`, or -1 when it runs past the line. */
function closeQuote(line: string, from: number, quote: '"' | "'"): number {
  for (let i = from; i < line.length; i += 1) {
    const ch = line[i];
    if (quote === '"' && ch === '\\') {
      i += 1;
    } else if (ch === quote) {
      if (quote === "'" && line[i + 1] === "'") {
        i += 1;
      } else {
        return i + 1;
      }
    }
  }
  return -1;
}

/**
 * Scans a line from `pos` in flow or block context; `nodeStart`: a node may
 * begin at `pos`. Remembers whether one may begin on the next line.
 */
function scanInline(scan: Scan, line: string, pos: number, depth: number, nodeStart: boolean) {
  scan.flowAtStart = scanTokens(scan, line, pos, depth, nodeStart);
}

function scanTokens(
  scan: Scan,
  line: string,
  pos: number,
  depth: number,
  nodeStart: boolean,
): boolean {
  let atStart = nodeStart;
  for (let i = pos; i < line.length; i += 1) {
    const ch = line[i] as string;
    if (SPACE.test(ch)) {
      continue;
    }
    if (ch === '#' && isSpace(line[i - 1])) {
      return atStart;
    }
    if ((ch === '"' || ch === "'") && atStart) {
      const end = closeQuote(line, i + 1, ch);
      if (end < 0) {
        scan.quote = ch;
        return false;
      }
      i = end - 1;
      atStart = false;
    } else if ((ch === '[' || ch === '{') && (atStart || scan.flow > 0)) {
      if (scan.flow === 0) {
        scan.flowBase = depth;
      }
      scan.flow += 1;
      scan.deepest = Math.max(scan.deepest, scan.flowBase + scan.flow);
      if (scan.deepest > scan.stopAbove) {
        return false;
      }
      atStart = true;
    } else if ((ch === ']' || ch === '}') && scan.flow > 0) {
      scan.flow -= 1;
      atStart = false;
    } else if (ch === ',' && scan.flow > 0) {
      atStart = true;
    } else if ((ch === ':' || ch === '?' || ch === '-') && isSpace(line[i + 1])) {
      atStart = true;
    } else if ((ch === '&' || ch === '!') && atStart) {
      // An anchor or a tag: the node it decorates may follow.
      while (i + 1 < line.length && !isSpace(line[i + 1]) && !'[]{},'.includes(line[i + 1] ?? '')) {
        i += 1;
      }
    } else if ((ch === '|' || ch === '>') && atStart && scan.flow === 0) {
      if (BLOCK_SCALAR_HEADER.test(line.slice(i))) {
        scan.blockScalarParent = pos;
        return false;
      }
      atStart = false;
    } else {
      atStart = false;
    }
  }
  return atStart;
}

/** A line in block context: its indentation level, its leading `- `/`? `/`: ` indicators, its content. */
function scanBlockLine(scan: Scan, line: string) {
  let pos = line.search(/[^ ]/);
  if (pos < 0 || line[pos] === '#') {
    return;
  }
  if (/^(---|\.\.\.)(\s|$)/.test(line)) {
    scan.indents = [];
    scanInline(scan, line, 3, 0, true);
    return;
  }
  while (scan.indents.length > 0 && (scan.indents.at(-1) as number) > pos) {
    scan.indents.pop();
  }
  if (scan.indents.length === 0 || (scan.indents.at(-1) as number) < pos) {
    scan.indents.push(pos);
  }
  let depth = scan.indents.length;
  // The first indicator's collection is the one at this indentation, already counted.
  let indicators = 0;
  while (depth <= scan.stopAbove && '-?:'.includes(line[pos] ?? 'x') && isSpace(line[pos + 1])) {
    depth += indicators > 0 ? 1 : 0;
    indicators += 1;
    pos += 1;
    while (pos < line.length && SPACE.test(line[pos] as string)) {
      pos += 1;
    }
  }
  scan.deepest = Math.max(scan.deepest, depth);
  if (depth <= scan.stopAbove) {
    scanInline(scan, line, pos, depth, true);
  }
}

function scanLine(scan: Scan, line: string) {
  if (scan.quote !== null) {
    const end = closeQuote(line, 0, scan.quote);
    if (end < 0) {
      return;
    }
    scan.quote = null;
    scanInline(scan, line, end, scan.flow > 0 ? scan.flowBase : scan.indents.length, false);
    return;
  }
  if (scan.blockScalarParent !== null) {
    const indent = line.search(/[^ ]/);
    if (indent < 0 || indent > scan.blockScalarParent) {
      return;
    }
    scan.blockScalarParent = null;
  }
  if (scan.flow > 0) {
    scanInline(scan, line, 0, scan.flowBase, scan.flowAtStart);
  } else {
    scanBlockLine(scan, line);
  }
}

/**
 * The estimated nesting depth of a YAML text (see the comment at the top of
 * this file); the scan stops early once the estimate passes `stopAbove`.
 */
export function yamlNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  const scan: Scan = {
    flow: 0,
    flowAtStart: false,
    flowBase: 0,
    quote: null,
    blockScalarParent: null,
    indents: [],
    deepest: 0,
    stopAbove,
  };
  for (const line of text.split(/\r?\n|\r/)) {
    scanLine(scan, line);
    if (scan.deepest > stopAbove) {
      break;
    }
  }
  return scan.deepest;
}
