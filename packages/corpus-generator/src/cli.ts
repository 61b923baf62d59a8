import { DomainError } from '@podcast/contracts';
import { parseCliArgs, USAGE } from './cli-args.js';
import { generateCorpus } from './generate-corpus.js';
import { resolvePlanOptions } from './generator-options.js';

/** Exit codes: 0 done, 2 bad arguments or an output folder we will not touch, 1 anything else. */
async function main(argv: readonly string[]): Promise<number> {
  let command: ReturnType<typeof parseCliArgs>;
  try {
    command = parseCliArgs(argv);
    if (command.kind === 'generate') {
      resolvePlanOptions(command.options);
    }
  } catch (error) {
    if (error instanceof DomainError) {
      process.stderr.write(`corpus:generate: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const started = performance.now();
  try {
    const summary = await generateCorpus(command.options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `wrote ${summary.files} files (${(summary.bytes / 1e6).toFixed(1)} MB) to ${summary.out} in ${seconds}s: ` +
        `${summary.feeds} feeds, ${summary.runs} runs, ${summary.episodes} episodes, ${summary.missing.length} deliberate gaps\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      process.stderr.write(`corpus:generate: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
