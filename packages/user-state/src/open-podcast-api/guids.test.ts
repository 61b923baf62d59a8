import { describe, expect, it } from '@jest/globals';
import { episodeSyncId, podcastGuidOf, uuidV5 } from './guids.js';

describe('UUIDv5 ids', () => {
  it.each([
    // RFC 9562 appendix A.4: "www.example.com" in the DNS namespace.
    [
      '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
      'www.example.com',
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    ],
  ])('computes uuidV5(%s, %s) as the RFC does', (namespace, name, expected) => {
    expect(uuidV5(namespace, name)).toBe(expected);
  });

  it.each([
    // The namespaces draft's own example, and spellings of the same feed.
    ['https://podnews.net/rss', '9b024349-ccf0-5f69-a609-6b82873eab3c'],
    ['http://podnews.net/rss/', '9b024349-ccf0-5f69-a609-6b82873eab3c'],
    ['podnews.net/rss', '9b024349-ccf0-5f69-a609-6b82873eab3c'],
  ])('gives %s the podcast:guid %s', (url, guid) => {
    expect(podcastGuidOf(url)).toBe(guid);
  });

  it('names one episode one way, by its guid, else by title, enclosure and date', () => {
    const feed = '9b024349-ccf0-5f69-a609-6b82873eab3c';
    expect(episodeSyncId(feed, { guid: ' abc ' })).toBe(episodeSyncId(feed, { guid: 'abc' }));
    const byFields = { title: 'T', enclosureUrl: 'https://x/1.mp3', publishDate: new Date(0) };
    expect(episodeSyncId(feed, byFields)).toBe(
      episodeSyncId(feed, { ...byFields, title: 't', guid: '' }),
    );
    expect(episodeSyncId('not-a-uuid', { guid: 'abc' })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
