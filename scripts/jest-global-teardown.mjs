import { rmSync } from 'node:fs';

// Removes what this test run shared between suites (packages/testing's
// template databases and generated corpora) once every project has finished.
export default async function removeRunFixtures() {
  const runId = process.env.PODCAST_TEST_RUN;
  if (runId === undefined) {
    return;
  }
  let testing;
  try {
    testing = await import('../packages/testing/dist/index.js');
  } catch {
    // jest run without `pnpm test`'s build: nothing of the run can be named.
    process.stderr.write(
      `[teardown] packages/testing is not built: template databases podcast_tmpl_${runId}_* are left\n`,
    );
    return;
  }
  rmSync(testing.generatedCorporaDirOf(runId), { recursive: true, force: true });
  await testing.dropTemplatesOf(runId);
}
