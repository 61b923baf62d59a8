import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { retitledMetadata, tearInHalf } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { copySampleCorpus } from './support/sample-corpus-copy.js';

interface Row {
  metadata_relpath: string;
  gi_relative_path: string | null;
  title: string;
}

/** A pipeline that crashed mid-write leaves an episode's metadata and GI files cut in half. */
describe('an episode whose files were cut mid-write', () => {
  let copy: Awaited<ReturnType<typeof copySampleCorpus>>;
  let viewer: ViewerTestApp;
  beforeAll(async () => {
    copy = await copySampleCorpus();
    viewer = buildViewerTestApp({ corpusDir: copy.root });
  });
  afterAll(async () => {
    await viewer.close();
    await copy.remove();
  });

  const get = (url: string) => request(viewer.app).get(url);

  it('is served as before while torn, and anew once the files are whole', async () => {
    const list = await get('/api/corpus/episodes?limit=50');
    const row = (list.body.items as Row[]).find((item) => item.gi_relative_path !== null) as Row;
    const detailUrl = `/api/corpus/episodes/detail?metadata_relpath=${encodeURIComponent(row.metadata_relpath)}`;
    const detail = await get(detailUrl);
    expect(detail.status).toBe(200);
    const torn = tearInHalf(
      [row.metadata_relpath, row.gi_relative_path as string].map((rel) =>
        path.join(copy.root, rel),
      ),
    );
    await viewer.refresh(copy.root);
    const [listTorn, detailTorn] = [
      await get('/api/corpus/episodes?limit=50'),
      await get(detailUrl),
    ];
    expect({ status: detailTorn.status, body: detailTorn.body }).toEqual({
      status: 200,
      body: detail.body,
    });
    expect({ status: listTorn.status, body: listTorn.body }).toEqual({
      status: 200,
      body: list.body,
    });

    torn.complete((file, whole) =>
      file.endsWith('.metadata.json') ? retitledMetadata(whole, 'Written whole at last') : whole,
    );
    await viewer.refresh(copy.root);
    const whole = await get(detailUrl);
    expect(whole.status).toBe(200);
    expect(whole.body.title).toBe('Written whole at last');
    expect({ ...whole.body, title: row.title }).toEqual(detail.body);
  });
});
