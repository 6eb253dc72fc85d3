import { CRM_STAGE_KINDS } from '@app/shared/crm';
import { z } from 'zod';

/** crm_board's and crm_stage_deals' jsonb answers (docs/crm.md), checked where they enter the app. */
const money = z.union([z.number(), z.string()]).transform(Number);

export const dealCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  value: money,
  currency: z.string(),
  stage_id: z.string(),
  position: z.number(),
  expected_close: z.string().nullable(),
  closed_at: z.string().nullable(),
  contact_id: z.string().nullable(),
  contact_name: z.string().nullable(),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  updated_at: z.string(),
});
export type DealCard = z.output<typeof dealCardSchema>;

export const boardStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  kind: z.enum(CRM_STAGE_KINDS),
  count: z.number(),
  value: money,
  deals: z.array(dealCardSchema),
});
export type BoardStage = z.output<typeof boardStageSchema>;

export const boardSchema = z.object({ currency: z.string(), stages: z.array(boardStageSchema) });
export type Board = z.output<typeof boardSchema>;
