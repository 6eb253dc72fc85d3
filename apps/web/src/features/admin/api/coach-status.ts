import { z } from 'zod';
import { adminFetch } from './admin-fetch';

export const coachStatusSchema = z.object({
  configured: z.boolean(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  enhancedModel: z.string().nullable(),
  missing: z.array(z.string()),
});

/** GET /api/admin/coach-status: which AI provider the coach uses, or which settings are missing. */
export const fetchCoachStatus = async () => coachStatusSchema.parse(await adminFetch<unknown>('/coach-status'));
