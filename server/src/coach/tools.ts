import { tool } from 'ai';
import { z } from 'zod';
import { safeText } from '../http/body.js';
import { crmTools } from '../crm/coach-tools.js';
import { metricsTools } from '../metrics/coach-tools.js';
import { findInCatalogue } from './catalogue-search.js';
import { connectionTools } from './connection-tools.js';
import { profileFacts } from './context.js';
import { planTools } from './plan-tools.js';
import type { RunAsUser } from './run-as-user.js';
import { sizeCapped, type ReplyWrites } from './tool-guards.js';

/**
 * The coach's tools (COACH_TOOLS in @app/shared). Each runs in the user's own transaction (`as`, coach/run-as-user.ts), so the
 * database's grants and RLS policies, not this code, decide what the model may read and write; `writes` holds the
 * reply's rows to /rest/v1's per-request limits; inputs and outputs are size-capped (tool-guards.ts). Every tool
 * that changes the customer's data needs their approval first (AI SDK 6 needsApproval; docs/decisions/0171).
 */
export function coachTools(as: RunAsUser, conversationId: string, writes: ReplyWrites) {
  return {
    ...metricsTools(as),
    searchCatalogue: tool({
      description: 'Search the integration catalogue by app name, category (crm, finance, marketing…) or action (e.g. "create invoice").',
      inputSchema: z.object({ query: safeText().min(1).max(200).describe('An app name, category or action') }),
      execute: sizeCapped(async ({ query }: { query: string }) => {
        const matches = await as((tx) => findInCatalogue(tx, query));
        return matches.length
          ? { found: true as const, query, matches }
          : { found: false as const, query, suggestRequest: true as const, matches: [] };
      }),
    }),
    readBusinessProfile: tool({
      description: "Read the customer's full business profile (their onboarding answers).",
      inputSchema: z.object({}),
      execute: sizeCapped(async () => {
        const r = await as((tx) => tx.query('select * from public.business_profiles where user_id = auth.uid()'));
        return { facts: profileFacts(r.rows[0]) };
      }),
    }),
    saveConnectionIdea: tool({
      description: "Save an idea for connecting two tools to the customer's builder.",
      inputSchema: z.object({
        fromTool: safeText().trim().min(1).max(100),
        toTool: safeText().trim().min(1).max(100),
        idea: safeText().trim().min(1).max(2000),
      }),
      // it writes to the customer's builder: proposed in the conversation, saved only when they approve
      needsApproval: true,
      execute: sizeCapped(async ({ fromTool, toTool, idea }: { fromTool: string; toTool: string; idea: string }) => {
        await writes('/connection_ideas', 1);
        const r = await as((tx) =>
          tx.query<{ id: string }>('insert into public.connection_ideas (from_tool, to_tool, idea) values ($1, $2, $3) returning id', [
            fromTool,
            toTool,
            idea,
          ]),
        );
        return { saved: true as const, id: r.rows[0]!.id, fromTool, toTool };
      }),
    }),
    ...planTools(as, conversationId, writes),
    ...connectionTools(as, conversationId, writes),
    ...crmTools(as, writes),
  };
}
