import { GOALS, PLAN_IDS, PLANS, type PlanId } from '@app/shared';
import type { Queryable } from '../db/types.js';
import { crmSummaryFact } from '../crm/coach-tools.js';
import { metricsSummaryFact } from '../metrics/coach-summary.js';

/** One thing the server tells the model about the customer, with the plain label the web shows ("facts used"). */
export interface Fact {
  label: string;
  value: string;
}

export interface CoachContext {
  /** The Brain's AI features switch (business_profiles.ai_features_enabled). */
  aiEnabled: boolean;
  /** The live plan, or null without one (expired trial, cancelled). */
  plan: PlanId | null;
  balance: number;
  firstName: string | null;
  facts: Fact[];
}

// A fact longer than this is cut: the profile's free-text answers may be 10,000 characters each, and the context
// must stay within the estimate's allowance (packages/shared/src/coach.ts).
const FACT_MAX_CHARS = 600;
const cut = (s: string) => (s.length > FACT_MAX_CHARS ? `${s.slice(0, FACT_MAX_CHARS)}…` : s);

const PROFILE_FACTS: [column: string, label: string][] = [
  ['business_name', 'Business name'],
  ['industry', 'Industry'],
  ['business_stage', 'Business stage'],
  ['business_story', 'Business story'],
  ['problem_solving', 'Problem the business solves'],
  ['product_service', 'Products and services'],
  ['target_audience', 'Target audience'],
  ['business_targets', 'Targets'],
  ['current_focus', 'Current focus'],
  ['marketing_strategy', 'Marketing strategy'],
  ['sales_strategy', 'Sales strategy'],
  ['funding_source', 'Funding'],
  ['financial_management', 'Financial management'],
  ['monthly_revenue', 'Monthly revenue'],
  ['team_size', 'Team size'],
];

const goalLabel = (id: string) => GOALS.find((g) => g.id === id)?.label ?? id;

/** Business facts from a business_profiles row (also what the readBusinessProfile tool returns). */
export function profileFacts(p: Record<string, unknown> | undefined): Fact[] {
  if (!p) return [];
  const facts: Fact[] = [];
  for (const [column, label] of PROFILE_FACTS) {
    const v = p[column];
    if (typeof v === 'string' && v.trim()) facts.push({ label, value: cut(v.trim()) });
  }
  const list = (column: string, label: string, map: (s: string) => string = (s) => s) => {
    const v = p[column];
    if (Array.isArray(v) && v.length) facts.push({ label, value: cut(v.map((x) => map(String(x))).join(', ')) });
  };
  list('goals', 'Goals', goalLabel);
  list('challenges', 'Challenges');
  list('key_metrics', 'Key metrics');
  return facts;
}

/**
 * Everything the coach knows about the caller, read in the caller's own transaction (db/as-user.ts), so only what
 * RLS lets this user see can reach the model.
 */
export async function loadCoachContext(tx: Queryable): Promise<CoachContext> {
  // One round trip: every query here runs under the user's RLS, as the user.
  const r = await tx.query<{
    plan: string | null;
    balance: number;
    first_name: string | null;
    profile: Record<string, unknown> | null;
    ideas: { from_tool: string; to_tool: string; idea: string }[];
    tools: string[];
  }>(
    `select public.current_plan_id() as plan, public.credit_balance() as balance,
            (select p.first_name from public.profiles p where p.id = auth.uid()) as first_name,
            (select to_jsonb(b) from public.business_profiles b where b.user_id = auth.uid()) as profile,
            coalesce((select jsonb_agg(jsonb_build_object('from_tool', i.from_tool, 'to_tool', i.to_tool, 'idea', i.idea))
                      from (select from_tool, to_tool, idea from public.connection_ideas where user_id = auth.uid()
                            order by created_at desc limit 10) i), '[]'::jsonb) as ideas,
            coalesce((select jsonb_agg(n.name order by n.name) from (select i.name from public.user_tools t
                      join public.integrations i on i.id = t.integration_id where t.user_id = auth.uid() limit 40) n), '[]'::jsonb) as tools`,
  );
  const { profile, ideas, tools } = r.rows[0]!;
  const { plan, balance, first_name } = r.rows[0]!;
  const planId = PLAN_IDS.includes(plan as PlanId) ? (plan as PlanId) : null;
  const facts = profileFacts(profile ?? undefined);
  if (planId) facts.push({ label: 'Plan', value: PLANS[planId].name });
  if (ideas.length) {
    facts.push({ label: 'Connection ideas', value: cut(ideas.map((i) => `${i.from_tool} → ${i.to_tool}: ${i.idea}`).join('; ')) });
  }
  if (tools.length) facts.push({ label: 'Tools on the canvas', value: tools.join(', ') });
  facts.push(await metricsSummaryFact(tx));
  const crm = await crmSummaryFact(tx);
  if (crm) facts.push(crm);
  return {
    aiEnabled: profile ? profile.ai_features_enabled !== false : true,
    plan: planId,
    balance: Number(balance),
    firstName: first_name,
    facts,
  };
}
