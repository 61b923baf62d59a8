import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, parseConfig } from './config.js';

const Schema = z.object({
  PORT: z.coerce.number().int().default(8000),
  NAME: z.string().optional(),
});

describe('parseConfig', () => {
  it('treats empty strings as unset and freezes the result', () => {
    const config = parseConfig(Schema, { PORT: '', NAME: 'x' });
    expect(config).toEqual({ PORT: 8000, NAME: 'x' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('throws one line naming the variable', () => {
    expect(() => parseConfig(Schema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig(Schema, { PORT: 'eighty' })).toThrow(/^invalid configuration: PORT: /);
  });
});
