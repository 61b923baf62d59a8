// A stand-in for PIPELINE_COMMAND in the jobs tests: prints its arguments,
// then behaves by --max-episodes: 13 exits 13, 999 runs until SIGTERM (and
// says it stops at a safe point), anything else exits 0.
const args = process.argv.slice(2);
process.stdout.write(`${JSON.stringify({ args, job: process.env.PODCAST_JOB_ID })}\n`);
const max = args[args.indexOf('--max-episodes') + 1];
if (args.includes('--max-episodes') && max === '13') {
  process.stderr.write('feed failed\n');
  process.exit(13);
}
if (args.includes('--max-episodes') && max === '999') {
  process.on('SIGTERM', () => {
    process.stdout.write('stopping at a safe point\n');
    process.exit(143);
  });
  process.stdout.write('working\n');
  // Orphaned when the runner is killed: stop then, as a real pipeline would be stopped.
  // A runner killed while this process was still starting left it to init already.
  const parent = process.ppid;
  if (parent === 1) {
    process.exit(1);
  }
  setInterval(() => {
    if (process.ppid !== parent) {
      process.exit(1);
    }
  }, 100);
} else {
  process.stdout.write('done\n');
}
