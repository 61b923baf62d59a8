import { strictAddressPolicy, systemResolveHost } from '@podcast/http-kit';
import type { ConsumerCtx } from '../context.js';
import type { AudioCheckSettings } from './audio-url-check.js';

const DEFAULT_SETTINGS: AudioCheckSettings = {
  addressPolicy: strictAddressPolicy,
  resolveHost: systemResolveHost,
  timeoutMs: 3000,
  maxRedirects: 5,
};

// Keyed by the context object, like the auth runtime: each app (and each test
// app) has its own settings without widening ConsumerCtx. Production never
// calls configureAudioCheck, so it always runs the strict policy.
const settingsByCtx = new WeakMap<ConsumerCtx, AudioCheckSettings>();

/** Overrides the defaults for one app (tests allow 127.0.0.1, shorten the timeout). */
export function configureAudioCheck(
  ctx: ConsumerCtx,
  overrides: Partial<AudioCheckSettings>,
): void {
  settingsByCtx.set(ctx, { ...DEFAULT_SETTINGS, ...overrides });
}

export function audioCheckSettingsOf(ctx: ConsumerCtx): AudioCheckSettings {
  return settingsByCtx.get(ctx) ?? DEFAULT_SETTINGS;
}
