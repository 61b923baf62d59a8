import type { Express } from 'express';
import { pino } from 'pino';
import { type AppOptions, createApp, type Principals } from '../src/index.js';

/** createApp as these tests build it: logs silenced and a placeholder API info; the rest is the test's. */
export function quietApp<Ctx, Pr extends Principals = Principals>(
  options: Omit<AppOptions<Ctx, Pr>, 'logger' | 'info'>,
): Express {
  return createApp({
    ...options,
    logger: pino({ level: 'silent' }),
    info: { title: 'test', version: '1' },
  });
}
