import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@podcast/contracts';
import { parse } from 'yaml';
import { thrownBy } from '../../test/thrown-by.js';
import { setOperatorKey } from './operator-block.js';
import { parseOperatorYaml, validateOperatorContent } from './operator-content.js';

const PROFILES = ['cloud_balanced', 'dev'];
/** The cron check is the scheduler's (packages/jobs), tested there and through PUT /api/operator-config. */
const RULES = { availableProfiles: PROFILES, cronProblem: () => undefined };

function refusal(text: string): DomainError {
  return thrownBy(() => validateOperatorContent(text, RULES), DomainError);
}

describe('validateOperatorContent', () => {
  it('accepts pipeline keys it does not know and defaults enabled on scheduled jobs', () => {
    const text = [
      'profile: dev',
      'whisper_model: base',
      'scheduled_jobs:',
      '  - {name: nightly, cron: "0 3 * * *", kind: pipeline}',
    ].join('\n');
    const valid = validateOperatorContent(text, RULES);
    expect(valid.data.whisper_model).toBe('base');
    expect(valid.scheduledJobs).toEqual([
      { name: 'nightly', cron: '0 3 * * *', enabled: true, kind: 'pipeline' },
    ]);
  });

  it('reads an empty or comment-only file as an empty mapping', () => {
    expect(validateOperatorContent('# nothing yet\n', RULES).data).toEqual({});
  });

  it.each([
    ['broken YAML', 'profile: [dev\n'],
    ['a list root', '- profile\n'],
    ['a scalar root', 'just words\n'],
    ['duplicate keys', 'profile: dev\nprofile: dev\n'],
  ])('answers unprocessable for %s', (_label, text) => {
    expect(refusal(text).kind).toBe('unprocessable');
  });

  it('refuses forbidden keys before any other check, naming them all', () => {
    const err = refusal('profile: nope\nrss_url: https://a.example/f\nmy-secret: x\n');
    expect(err.kind).toBe('invalid');
    expect(err.extra).toEqual({ error: 'forbidden_operator_keys', keys: ['rss_url', 'my-secret'] });
  });

  it.each([
    ['scheduled_jobs.0.name', 'scheduled_jobs:\n  - {name: "bad name", cron: "* * * * *"}\n'],
    [
      'scheduled_jobs.1.name',
      'scheduled_jobs:\n  - {name: a, cron: "@daily"}\n  - {name: a, cron: "@daily"}\n',
    ],
    ['scheduled_jobs.0.kind', 'scheduled_jobs:\n  - {name: a, cron: "@daily", kind: backup}\n'],
    [
      'scheduled_jobs.0.enabled',
      'scheduled_jobs:\n  - {name: a, cron: "@daily", enabled: maybe}\n',
    ],
    ['scheduled_jobs', 'scheduled_jobs: nightly\n'],
    ['profile', 'profile: turbo\n'],
    ['pipeline_install_extras', 'pipeline_install_extras: gpu\n'],
    ['scheduled_jobs.0.enable', 'scheduled_jobs:\n  - {name: a, cron: "@daily", enable: false}\n'],
    ['enrichment.enricher', 'enrichment:\n  enricher: {}\n'],
    [
      'enrichment.enrichers.topic_similarity.enabled',
      'enrichment:\n  enrichers:\n    topic_similarity: {enabled: 1}\n',
    ],
  ])('refuses a bad %s with a 400 naming the field', (field, text) => {
    const err = refusal(text);
    expect(err.kind).toBe('invalid');
    expect(err.message.startsWith(`content.${field}:`)).toBe(true);
  });
});

describe('setOperatorKey', () => {
  const original = [
    '# Operator settings for the lab corpus',
    'profile: cloud_balanced # chosen in review',
    '',
    '# transcription',
    'whisper_model: "base"',
    'enrichment:',
    '  enabled: false',
    'scheduled_jobs: []',
    '',
  ].join('\n');

  it('replaces one block and keeps comments, quoting and the other keys', () => {
    const text = setOperatorKey(original, 'enrichment', {
      enabled: true,
      enrichers: { temporal_velocity: {} },
    });
    expect(text).toContain('# Operator settings for the lab corpus');
    expect(text).toContain('profile: cloud_balanced # chosen in review');
    expect(text).toContain('# transcription\nwhisper_model: "base"');
    expect(parse(text)).toEqual({
      profile: 'cloud_balanced',
      whisper_model: 'base',
      enrichment: { enabled: true, enrichers: { temporal_velocity: {} } },
      scheduled_jobs: [],
    });
  });

  it('appends a missing key and removes a key set to undefined', () => {
    const added = setOperatorKey('profile: dev\n', 'enrichment', { enabled: true });
    expect(parse(added)).toEqual({ profile: 'dev', enrichment: { enabled: true } });
    expect(parse(setOperatorKey(added, 'enrichment', undefined))).toEqual({ profile: 'dev' });
  });

  it('starts a mapping in an empty file', () => {
    expect(parse(setOperatorKey('', 'profile', 'dev'))).toEqual({ profile: 'dev' });
  });

  it('refuses to edit a file that is not a YAML mapping', () => {
    expect(() => setOperatorKey('- a\n', 'profile', 'dev')).toThrow(/not a mapping/);
    expect(() => setOperatorKey('a: [\n', 'profile', 'dev')).toThrow(/not valid YAML/);
  });

  it('parses what it writes back to the same data', () => {
    const text = setOperatorKey(original, 'profile', 'dev');
    expect(parseOperatorYaml(text).profile).toBe('dev');
  });
});
