// Prints jest's JSON result as the single closing line CI reads:
// "N passed, N failed". A run that produced no JSON (the build or jest
// itself broke) counts as one failure; a suite that failed to load counts
// as a failure too, so a broken file can never pass silently. The third
// argument is the number of checks that failed before the tests (lint,
// typecheck): each counts as one failure and makes the run red.
import { existsSync, readFileSync } from 'node:fs';

const [file, statusArg, checksArg] = process.argv.slice(2);
const status = Number(statusArg ?? 1);
const failedChecks = Number(checksArg ?? 0) || 0;
if (!file || !existsSync(file)) {
  console.log(`0 passed, ${1 + failedChecks} failed`);
  process.exit(status || 1);
}
const result = JSON.parse(readFileSync(file, 'utf8'));
const brokenSuites = result.testResults.filter(
  (s) => s.status === 'failed' && s.assertionResults.length === 0,
).length;
const failed = result.numFailedTests + brokenSuites + failedChecks;
if (result.numPendingTests) {
  console.log(`${result.numPendingTests} skipped`);
}
// CI reads this exact shape from the last line, so nothing may follow it.
console.log(`${result.numPassedTests} passed, ${failed} failed`);
process.exit(status !== 0 || failed > 0 || result.numPassedTests === 0 ? 1 : 0);
