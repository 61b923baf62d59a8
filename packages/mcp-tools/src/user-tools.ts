import { ACT_TOOLS } from './act-tools.js';
import { ASK_TOOLS } from './ask-tools.js';
import { CONNECTOR_TOOLS } from './connector-tools.js';
import { CORPUS_TOOLS } from './corpus-tools.js';
import { LIBRARY_TOOLS } from './library-tools.js';

/**
 * The remote MCP endpoint's tools, in the one order `tools/list` answers:
 * reading the corpus, answering from it, reading the user's library, acting
 * for the user, and the search and fetch pair. Every token sees every tool;
 * a call needs the tool's scope (a step-up asks for it).
 */
export const USER_TOOLS = [
  ...CORPUS_TOOLS,
  ...ASK_TOOLS,
  ...LIBRARY_TOOLS,
  ...ACT_TOOLS,
  ...CONNECTOR_TOOLS,
];
