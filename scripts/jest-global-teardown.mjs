import { rmSync } from 'node:fs';

// Removes what this test run shared between suites (packages/testing's
// template databases and generated corpora) once every project has finished.
export default async function removeRunFixtures() {
  const runId = process.env.PODCAST_TEST_RUN;
  if (runId === undefined) {
    return;
  }
  const { dropTemplatesOf, generatedCorporaDirOf } = await import(
    '../packages/testing/dist/index.js'
  );
  rmSync(generatedCorporaDirOf(runId), { recursive: true, force: true });
  await dropTemplatesOf(runId);
}
