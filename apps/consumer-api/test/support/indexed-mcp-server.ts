import { buildProductionTestApp, type TestApp } from './build-test-app.js';
import { listenOnLoopback } from './mcp-client.js';
import { indexServedCorpus, sampleCopy } from './sample-copy.js';

export interface IndexedMcpServer {
  t: TestApp;
  /** The sample copy the app serves, its search index built. */
  root: string;
  /** http://127.0.0.1:<port>, where an SDK client reaches /api/app/mcp. */
  base: string;
  /** Stops listening, closes the app and removes the copy. */
  close(): Promise<void>;
}

/** The production app over an indexed copy of the sample, listening on a loopback port. */
export async function openIndexedMcpServer(
  label: string,
  secret: string,
): Promise<IndexedMcpServer> {
  const copy = await sampleCopy(label);
  const t = await buildProductionTestApp(secret, { env: { CORPUS_DIR: copy.root } });
  await indexServedCorpus(t);
  const server = await listenOnLoopback(t.app);
  return {
    t,
    root: copy.root,
    base: server.base,
    close: async () => {
      await server.close();
      await t.close();
      await copy.remove();
    },
  };
}
