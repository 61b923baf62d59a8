import { describe, expect, it } from '@jest/globals';
import {
  findForbiddenOperatorKeys,
  forbiddenKeysError,
  isFeedKey,
  isSecretKey,
  scanForbiddenOperatorKeys,
} from './forbidden-keys.js';

describe('forbidden operator keys', () => {
  it.each([
    'openai_api_key',
    'GEMINI_API_KEY',
    'anthropic-api-key',
    'mistral_api_key',
    'deepseek_api_key',
    'grok_api_key',
    'huggingface_token',
    'HF-Token',
    'api_key',
    'custom_vendor_api_key',
    'smtp_password',
    'PasswordHint',
    'client_secret',
    'secret',
  ])('treats %s as a secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each(['rss', 'RSS_URL', 'rss-urls', 'Feeds'])('treats %s as a feed key', (key) => {
    expect(isFeedKey(key)).toBe(true);
  });

  it.each([
    'profile',
    'api_key_file_hint_x',
    'api_keys',
    'token_budget',
    'topic_cluster_threshold',
    'rss_timeout',
    'feed',
  ])('allows %s', (key) => {
    expect(isSecretKey(key) || isFeedKey(key)).toBe(false);
  });

  it('finds top-level feed keys and secrets at any depth, as written', () => {
    const root = {
      profile: 'dev',
      RSS: ['https://a.example/f'],
      enrichment: { enrichers: { topic_similarity: { provider: { 'OpenAI-Api-Key': 'x' } } } },
      scheduled_jobs: [{ name: 'a', feeds: 'nested feed keys are fine' }],
    };
    expect(findForbiddenOperatorKeys(root)).toEqual([
      'RSS',
      'enrichment.enrichers.topic_similarity.provider.OpenAI-Api-Key',
    ]);
  });

  it('scans text that does not parse for the same keys', () => {
    const text = 'profile: dev\nfeeds:\n  - [broken\nllm:\n  openai_api_key: sk-x\n  rss: nested\n';
    expect(scanForbiddenOperatorKeys(text)).toEqual(['feeds', 'openai_api_key']);
  });

  it.each([
    [['rss', 'feeds'], 'forbidden_operator_feed_keys'],
    [['rss', 'hf_token'], 'forbidden_operator_keys'],
    [['enrichment.x.api_key'], 'forbidden_operator_keys'],
  ])('classifies %j as %s and names every key in the detail', (keys, error) => {
    const problem = forbiddenKeysError('invalid', keys);
    expect(problem.kind).toBe('invalid');
    expect(problem.extra).toEqual({ error, keys });
    for (const key of keys) {
      expect(problem.message).toContain(key);
    }
  });
});
