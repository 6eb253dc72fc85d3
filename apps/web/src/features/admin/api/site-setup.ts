import { z } from 'zod';
import { adminFetch } from './admin-fetch';

export const siteSetupSchema = z.object({ missing: z.array(z.string()) });

/** GET /api/admin/site-setup: the operator settings (contact details, booking and video URLs) still unset. */
export const fetchSiteSetup = async () => siteSetupSchema.parse(await adminFetch<unknown>('/site-setup'));
