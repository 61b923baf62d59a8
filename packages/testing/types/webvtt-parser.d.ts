// The parts of webvtt-parser 2.2.0 the tests use (it ships no types); a test file
// that imports it names this file with `/// <reference types="@podcast/testing/webvtt-parser" />`.
declare module 'webvtt-parser' {
  export interface WebVttNode {
    type: 'text' | 'object' | 'timestamp';
    /** An object's tag name: `v`, `c`, `b`… */
    name?: string;
    /** A text node's text, or a `<v>` span's annotation (the voice). */
    value?: string;
    children?: WebVttNode[];
  }
  export interface WebVttCue {
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: WebVttNode[] };
  }
  export interface WebVttError {
    message: string;
    line: number;
    col: number;
  }
  export class WebVTTParser {
    /** `entities`: the package's html-entities.json, for every named character reference. */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata'): { cues: WebVttCue[]; errors: WebVttError[] };
  }
}
