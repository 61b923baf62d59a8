/*
 * Text as XML 1.0 carries it. Titles and descriptions come from corpus
 * files nobody sanitised: `&`, `<` and `]]>` are escaped (never wrapped in
 * CDATA, which `]]>` would end), and characters XML 1.0 cannot hold at all
 * (most C0 controls, U+FFFE/U+FFFF, a surrogate without its pair) become
 * U+FFFD, so one bad title cannot make a whole feed unreadable.
 */

// Lone surrogates are matched with lookarounds: a pair (an emoji) is one valid character.
const NOT_XML_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/** Element content: markup characters escaped, non-XML characters replaced. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>]/g, (c) => TEXT_ESCAPES[c] as string);
}

/**
 * An attribute value for double quotes: also `"`, `'` and the whitespace
 * characters an XML parser would otherwise normalise to spaces.
 */
export function xmlAttribute(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/[&<>"'\n\r\t]/g, (c) => TEXT_ESCAPES[c] as string);
}

/** `<name a="…" …>text</name>`, or self-closed without text; attributes in the order given. */
export function xmlElement(
  name: string,
  attributes: Readonly<Record<string, string | number | undefined>>,
  text?: string,
): string {
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) {
      open += ` ${key}="${xmlAttribute(String(value))}"`;
    }
  }
  return text === undefined ? `${open}/>` : `${open}>${xmlText(text)}</${name}>`;
}
