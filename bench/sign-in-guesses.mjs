// Wrong gPodder app passwords that carry the real selector, sent from chosen
// loopback addresses. Imported by sync-sign-in.mjs, or run as its own
// process (so a latency measurement does not share an event loop with it):
//   node sign-in-guesses.mjs guess|health PORT USER PASSWORD COUNT PER_SECOND ADDRESS...
// `health` sends as many health requests instead: the same traffic, no guess.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const basicAuth = (user, password) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** One GET; resolves with the status. */
export function statusOf(port, path, headers, agent) {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode));
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * `count` guesses, `concurrency` at a time, spread over `addresses` (each
 * its own keep-alive agent), paced to `perSecond` when given. Answers how
 * many of each status came back. `isBenign`: health requests instead.
 */
export async function guess(port, user, password, options) {
  const { count, addresses, concurrency = 10, perSecond, isBenign = false } = options;
  const agents = addresses.map(
    (localAddress) => new Agent({ keepAlive: true, maxSockets: concurrency, localAddress }),
  );
  const statuses = {};
  const started = performance.now();
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      if (perSecond !== undefined) {
        const due = started + (i * 1000) / perSecond;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
      const wrong = `${password.slice(0, 4)}-${String(i).padStart(4, 'a')}-aaaa-aaaa-aaaa-aaaa`;
      const agent = agents[i % agents.length];
      const status = isBenign
        ? await statusOf(port, '/api/health', {}, agent)
        : await statusOf(
            port,
            `/api/2/devices/${user}.json`,
            { authorization: basicAuth(user, wrong) },
            agent,
          );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  for (const agent of agents) {
    agent.destroy();
  }
  return statuses;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, port, user, password, count, perSecond, ...addresses] = process.argv.slice(2);
  const statuses = await guess(Number(port), user, password, {
    count: Number(count),
    perSecond: Number(perSecond),
    addresses,
    isBenign: mode === 'health',
  });
  process.stdout.write(JSON.stringify(statuses));
}
