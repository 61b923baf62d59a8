import { describe, expect, it } from '@jest/globals';
import { CutShortCorpusFile, parseCorpusObject, UnreadableCorpusFile } from './lenient-parse.js';

const WHOLE_JSON =
  '{"feed": {"feed_id": "f"}, "episode": {"title": "One", "duration_seconds": 12.5}}';
const WHOLE_YAML = 'feed:\n  feed_id: f\nepisode:\n  title: "One"\n  tags: [a, b]\n';

function failureOf(text: string, name: string): string {
  try {
    parseCorpusObject(text, name);
  } catch (err) {
    return err instanceof CutShortCorpusFile
      ? 'cut short'
      : err instanceof UnreadableCorpusFile
        ? 'unreadable'
        : 'other';
  }
  return 'parsed';
}

describe('parseCorpusObject', () => {
  it.each([
    ['an empty file', '', 'x.metadata.json'],
    ['blank lines only', '\n  \n', 'x.gi.json'],
    ['JSON cut inside a string', WHOLE_JSON.slice(0, 30), 'x.metadata.json'],
    ['JSON cut after a value', WHOLE_JSON.slice(0, 24), 'x.metadata.json'],
    ['JSON cut inside a number', WHOLE_JSON.slice(0, WHOLE_JSON.indexOf('.5') + 1), 'x.gi.json'],
    ['JSON cut inside a keyword', '{"a": tr', 'x.gi.json'],
    ['JSON cut after whitespace', '{"a": 1,\n  ', 'x.gi.json'],
    ['YAML cut inside a quoted scalar', WHOLE_YAML.slice(0, 38), 'x.metadata.yaml'],
    [
      'YAML cut inside a flow sequence',
      WHOLE_YAML.slice(0, WHOLE_YAML.length - 3),
      'x.metadata.yml',
    ],
  ])('calls %s cut short', (_what, text, name) => {
    expect(failureOf(text, name)).toBe('cut short');
  });

  it.each([
    ['JSON that goes wrong early', '{ not json', 'x.metadata.json'],
    ['JSON with text after the document', '{"a": 1}}', 'x.gi.json'],
    ['a JSON list', '[1, 2]', 'x.gi.json'],
    ['YAML that goes wrong early', 'a: b: c\nd: e\n', 'x.metadata.yaml'],
  ])('calls %s unreadable, not cut short', (_what, text, name) => {
    expect(failureOf(text, name)).toBe('unreadable');
  });

  it.each([
    ['JSON', WHOLE_JSON, 'x.metadata.json'],
    ['YAML', WHOLE_YAML, 'x.metadata.yaml'],
  ])('parses whole %s', (_what, text, name) => {
    expect(failureOf(text, name)).toBe('parsed');
  });
});
