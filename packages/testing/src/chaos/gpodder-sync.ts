import type { LoadLoop, Sample } from './load.js';
import type { ScenarioReport } from './scenario.js';

/** Two podcast apps of one user, as AntennaPod and gPodder would sync. */
const DEVICES = ['soak_phone', 'soak_laptop'] as const;
/** Every this many uploads, the same batch is sent again, as an app retries a lost answer. */
const RETRY_EVERY = 7;
const ACTIONS_PER_UPLOAD = 3;
/** Each loop's rate is set by the scenario from the capacity it measures. */
const UNMEASURED = 1;
/**
 * Uploads a second per device, at most: one user stores at most 100,000 actions
 * (`SYNC_LIMITS.actionsPerUser`), which at half this machine's capacity (about 15
 * uploads a second per device) filled in 20 minutes of a 30-minute soak; after it
 * every upload is refused whole, by design. 8 keeps 30 minutes under it.
 */
const MAX_UPLOADS_PER_S = 8;

interface ActionOut {
  device?: string;
  episode: string;
  action: string;
  position?: number;
  timestamp: string;
}

const isOurs = (device: string | undefined) =>
  (DEVICES as readonly string[]).includes(device ?? '');

const keyOf = (a: ActionOut) => `${a.device}|${a.episode}|${a.position}|${a.timestamp}`;

const isOk = (status: number) => status >= 200 && status < 300;

/** Counts of each key in `keys`. */
function tally(keys: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * gPodder API traffic through a consumer-api's /api/2 routes with an app
 * password, and afterwards the check a podcast app relies on: every action
 * of an upload answered 2xx comes back once, both from the incremental
 * downloads (since the last timestamp) and from a full one.
 */
export async function gpodderSync(consumerUrl: string) {
  // A consumer-api in development acts as its local user on session routes.
  const minted = await fetch(`${consumerUrl}/api/app/sync/app-passwords`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'chaos soak' }),
  });
  if (minted.status !== 201) {
    throw new Error(`app password: ${minted.status} ${await minted.text()}`);
  }
  const { username, password } = (await minted.json()) as { username: string; password: string };
  const headers = {
    authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${consumerUrl}/api/2${path}`, { ...init, headers });
  for (const device of DEVICES) {
    const res = await api(`/devices/${username}/${device}.json`, {
      method: 'POST',
      body: JSON.stringify({ caption: `chaos ${device}`, type: 'mobile' }),
    });
    if (res.status !== 200) {
      throw new Error(`device ${device}: ${res.status} ${await res.text()}`);
    }
  }
  // Distinct action times, one second apart, all in the past (a flat-out upload loop sends
  // thousands of batches).
  const base = Date.now() - 60 * 24 * 3600_000;
  const batchOf = (device: string, seq: number) =>
    Array.from({ length: ACTIONS_PER_UPLOAD }, (_, i) => ({
      podcast: `https://soak.example.org/${device}/feed.xml`,
      episode: `https://soak.example.org/${device}/episode-${seq % 50}.mp3`,
      device,
      action: 'play',
      timestamp: new Date(base + (seq * ACTIONS_PER_UPLOAD + i) * 1000).toISOString().slice(0, 19),
      position: seq * ACTIONS_PER_UPLOAD + i,
    }));
  let since = 0;
  const downloaded: string[] = [];
  const download = async (from: number) => {
    const res = await api(`/episodes/${username}.json?since=${from}`);
    const page = isOk(res.status)
      ? ((await res.clone().json()) as { actions: ActionOut[]; timestamp: number })
      : undefined;
    // Positions the web app saved come back too, without a device: not ours to count.
    const ours = (page?.actions ?? []).filter((a) => isOurs(a.device));
    return { res, ours, timestamp: page?.timestamp };
  };
  const poll = async () => {
    const got = await download(since);
    downloaded.push(...got.ours.map(keyOf));
    since = got.timestamp ?? since;
    return got.res;
  };

  const uploadLoop = (device: string): LoadLoop => ({
    kind: 'gpodder_upload',
    rate: UNMEASURED,
    maxRate: MAX_UPLOADS_PER_S,
    request: async (seq) => {
      const batch = batchOf(device, seq % RETRY_EVERY === RETRY_EVERY - 1 ? seq - 1 : seq);
      const res = await api(`/episodes/${username}.json`, {
        method: 'POST',
        body: JSON.stringify(batch),
      });
      return { res, wrote: batch.map((a) => keyOf(a)) };
    },
  });
  const subscriptionLoop = (device: string): LoadLoop => ({
    kind: 'gpodder_subscriptions',
    rate: UNMEASURED,
    request: async (seq) => {
      const url = `https://soak.example.org/${device}/show-${seq}.xml`;
      const res = await api(`/subscriptions/${username}/${device}.json`, {
        method: 'POST',
        body: JSON.stringify({ add: [url], remove: [] }),
      });
      return { res, wrote: url };
    },
  });
  const loops: LoadLoop[] = [
    ...DEVICES.flatMap((device) => [uploadLoop(device), subscriptionLoop(device)]),
    { kind: 'gpodder_download', rate: UNMEASURED, request: async () => ({ res: await poll() }) },
  ];

  /** Run after the load stopped: one last incremental download, a full one, and the counts. */
  const verify = async (samples: Sample[], report: ScenarioReport) => {
    const last = await poll();
    const full = await download(0);
    report.check(isOk(last.status) && isOk(full.res.status), 'a final gPodder download failed');
    const uploads = samples.filter((s) => s.kind === 'gpodder_upload');
    const answered = tally(
      uploads.filter((s) => isOk(s.status)).flatMap((s) => s.wrote as string[]),
    );
    // An upload without an answer may or may not have been stored, but never twice.
    const unanswered = new Set(
      uploads.filter((s) => !isOk(s.status)).flatMap((s) => s.wrote as string[]),
    );
    const check = (what: string, keys: string[]) => {
      const counts = tally(keys);
      const lost = [...answered.keys()].filter((key) => !counts.has(key)).length;
      const doubled = [...counts.values()].filter((n) => n > 1).length;
      const strangers = [...counts.keys()].filter((k) => !answered.has(k) && !unanswered.has(k));
      report.check(lost === 0, `${lost} uploaded actions missing from the ${what} download`);
      report.check(doubled === 0, `${doubled} actions more than once in the ${what} download`);
      report.check(
        strangers.length === 0,
        `${strangers.length} actions never uploaded in the ${what} download`,
      );
      return counts.size;
    };
    report.figure(
      'gpodder_uploads',
      `${uploads.filter((s) => isOk(s.status)).length}/${uploads.length}`,
    );
    report.figure('gpodder_actions', answered.size);
    report.figure('gpodder_incremental', check('incremental', downloaded));
    report.figure('gpodder_full', check('full', full.ours.map(keyOf)));
    for (const device of DEVICES) {
      const res = await api(`/subscriptions/${username}/${device}.json?since=0`);
      const body = (await res.json()) as { add: string[]; remove: string[] };
      const added = new Set(body.add);
      const sent = samples.filter(
        (s) =>
          s.kind === 'gpodder_subscriptions' &&
          isOk(s.status) &&
          (s.wrote as string).includes(`/${device}/`),
      );
      const missing = sent.filter((s) => !added.has(s.wrote as string)).length;
      report.check(
        missing === 0,
        `${missing} subscriptions of ${device} answered 2xx but not listed`,
      );
      report.check(body.remove.length === 0, `${device} lists removals it never sent`);
    }
  };
  return { loops, verify };
}
