import { z } from '@podcast/contracts';

export const Empty = z.object({}).strict().describe('An empty object');
