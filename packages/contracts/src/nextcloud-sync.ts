import { EpisodeActionList, GpodderTimestamp, unwrapActions } from './sync.js';
import { z } from './zod.js';

/**
 * The Nextcloud gPodder Sync API (the nextcloud-gpodder app's
 * /index.php/apps/gpoddersync routes) and Nextcloud's login flow v2, which
 * AntennaPod and Kasts offer as a "Nextcloud" sync provider. Field names and
 * shapes are those apps', not ours (docs/decisions/sync.md).
 */

/** Limits of the login flow's open routes and of the flows they keep. */
export const LOGIN_FLOW_LIMITS = {
  /** A flow not granted by then is gone: AntennaPod stops polling after five minutes. */
  ttlMs: 10 * 60_000,
  /** Flows kept at once, all users together; a start past it is a 429. */
  pendingFlows: 1000,
  /** Starts per source address and window. */
  startsPerWindow: 10,
  startWindowMs: 10 * 60_000,
  /** Polls per source address and minute: AntennaPod polls once a second. */
  pollsPerMinute: 120,
} as const;

/** `{timestamp}`: what the app answers an upload with. */
export const NextcloudUploadResult = z.object({ timestamp: GpodderTimestamp });
export type NextcloudUploadResult = z.infer<typeof NextcloudUploadResult>;

const PLAY_FIELDS = ['started', 'position', 'total'] as const;

/**
 * An uploaded action as the app reads it: -1 (any negative) in started,
 * position or total means "unknown", and only a play carries them.
 */
function asPlayFields(action: unknown): unknown {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) {
    return action;
  }
  const copy: Record<string, unknown> = { ...action };
  const isPlay = typeof copy.action === 'string' && copy.action.toLowerCase() === 'play';
  for (const key of PLAY_FIELDS) {
    const value = copy[key];
    if (!isPlay || (typeof value === 'number' && value < 0)) {
      delete copy[key];
    }
  }
  return copy;
}

export const NextcloudEpisodeActionUpload = z
  .preprocess((body) => {
    const list = unwrapActions(body);
    return Array.isArray(list) ? list.map(asPlayFields) : list;
  }, EpisodeActionList)
  .openapi({ description: 'A list of actions; -1 in started, position or total is unknown' });

/** An action as the app answers it: every field present, -1 for what a non-play action lacks. */
export const NextcloudEpisodeAction = z.object({
  podcast: z.string(),
  episode: z.string(),
  guid: z.string().nullable(),
  action: z.string().openapi({ description: 'Upper case, as the app stores it: PLAY' }),
  timestamp: z.string().openapi({ description: 'UTC, Y-m-d\\TH:i:s without a zone' }),
  started: z.number().int(),
  position: z.number().int(),
  total: z.number().int(),
});
export type NextcloudEpisodeAction = z.infer<typeof NextcloudEpisodeAction>;

export const NextcloudEpisodeActionPage = z.object({
  actions: z.array(NextcloudEpisodeAction),
  timestamp: GpodderTimestamp,
});
export type NextcloudEpisodeActionPage = z.infer<typeof NextcloudEpisodeActionPage>;

// ---------------------------------------------------------------- login flow v2

/** A flow's tokens: 32 random bytes, base64url. */
export const LoginFlowToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'not a login flow token')
  .openapi({ description: 'The token of a login flow' });

export const LoginFlowStarted = z.object({
  poll: z.object({ token: z.string(), endpoint: z.string() }),
  login: z
    .string()
    .openapi({ description: 'The page the user opens in a browser to grant access' }),
});
export type LoginFlowStarted = z.infer<typeof LoginFlowStarted>;

/** The poll's form body (`token=…`). */
export const LoginFlowPollBody = z.object({ token: LoginFlowToken });

export const LoginFlowCredentials = z.object({
  server: z.string().openapi({ description: 'The base URL the app syncs with' }),
  loginName: z.string(),
  appPassword: z.string(),
});
export type LoginFlowCredentials = z.infer<typeof LoginFlowCredentials>;

export const LoginFlowParams = z.object({ token: LoginFlowToken });

/** The grant page's answer (a form post). */
export const LoginFlowDecision = z.object({ decision: z.enum(['allow', 'deny']) });
export type LoginFlowDecision = z.infer<typeof LoginFlowDecision>;
