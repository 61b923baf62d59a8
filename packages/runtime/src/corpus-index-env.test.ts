import { describe, expect, it } from '@jest/globals';
import { corpusIndexConfigOf, sharedCorpusIndexOf } from './corpus-index-env.js';

describe('sharedCorpusIndexOf', () => {
  const corpus = '/srv/corpus';

  it('names the file the APIs derive from DATA_DIR, and the URL when one is set', () => {
    const apis = corpusIndexConfigOf({ DATA_DIR: '/srv/data', CORPUS_DIR: corpus });
    expect(sharedCorpusIndexOf({ DATA_DIR: '/srv/data' }, corpus)).toEqual({
      file: apis.corpusIndexFile,
    });
    const url = 'postgres://db.example/podcast';
    expect(sharedCorpusIndexOf({ CORPUS_INDEX_URL: url }, corpus)).toEqual({ url });
  });

  it('names none without DATA_DIR or a URL, or when the projection is asked for', () => {
    expect(sharedCorpusIndexOf({}, corpus)).toBeUndefined();
    expect(
      sharedCorpusIndexOf({ DATA_DIR: '/srv/data', CORPUS_INDEX: 'projection' }, corpus),
    ).toBeUndefined();
  });

  it('refuses a URL that is not PostgreSQL', () => {
    expect(() => sharedCorpusIndexOf({ CORPUS_INDEX_URL: 'mysql://db/x' }, corpus)).toThrow(
      /postgres/,
    );
  });
});
