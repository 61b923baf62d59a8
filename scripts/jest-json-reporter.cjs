// Writes the run's result to $JEST_JSON_FILE in the shape of `jest --json`
// (the fields CI's closing line reads). jest's own `--outputFile` throws on
// an error object with a cycle (a failed child process, say) and then
// writes nothing, which cost CI its counts; here cycles are cut instead.
const { renameSync, writeFileSync } = require('node:fs');

function suiteOf(suite) {
  const failed = suite.numFailingTests > 0 || suite.testExecError != null;
  return {
    name: suite.testFilePath,
    status: failed ? 'failed' : 'passed',
    message: suite.failureMessage ?? '',
    assertionResults: suite.testResults.map((test) => ({
      fullName: test.fullName,
      status: test.status,
      failureMessages: test.failureMessages,
    })),
  };
}

class JsonResultReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.JEST_JSON_FILE;
    if (!file) {
      return;
    }
    const seen = new WeakSet();
    const text = JSON.stringify(
      {
        success: results.success,
        numTotalTests: results.numTotalTests,
        numPassedTests: results.numPassedTests,
        numFailedTests: results.numFailedTests,
        numPendingTests: results.numPendingTests,
        numRuntimeErrorTestSuites: results.numRuntimeErrorTestSuites,
        testResults: results.testResults.map(suiteOf),
      },
      (_key, value) => {
        if (typeof value === 'object' && value !== null) {
          if (seen.has(value)) {
            return '[cycle]';
          }
          seen.add(value);
        }
        return value;
      },
    );
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  }
}

module.exports = JsonResultReporter;
