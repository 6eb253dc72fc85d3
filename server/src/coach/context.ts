import { GOALS, PLAN_IDS, PLANS, type PlanId } from '@app/shared';
import type { Queryable } from '../db/types.js';

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
  const head = await tx.query<{ plan: string | null; balance: number; first_name: string | null }>(
    `select public.current_plan_id() as plan, public.credit_balance() as balance,
            (select p.first_name from public.profiles p where p.id = auth.uid()) as first_name`,
  );
  const profile = (await tx.query('select * from public.business_profiles where user_id = auth.uid()')).rows[0];
  const ideas = await tx.query<{ from_tool: string; to_tool: string; idea: string }>(
    'select from_tool, to_tool, idea from public.connection_ideas where user_id = auth.uid() order by created_at desc limit 10',
  );
  const tools = await tx.query<{ name: string }>(
    `select i.name from public.user_tools t join public.integrations i on i.id = t.integration_id
     where t.user_id = auth.uid() order by i.name limit 40`,
  );
  const { plan, balance, first_name } = head.rows[0]!;
  const planId = PLAN_IDS.includes(plan as PlanId) ? (plan as PlanId) : null;
  const facts = profileFacts(profile);
  if (planId) facts.push({ label: 'Plan', value: PLANS[planId].name });
  if (ideas.rows.length) {
    facts.push({ label: 'Connection ideas', value: cut(ideas.rows.map((i) => `${i.from_tool} → ${i.to_tool}: ${i.idea}`).join('; ')) });
  }
  if (tools.rows.length) facts.push({ label: 'Tools on the canvas', value: tools.rows.map((t) => t.name).join(', ') });
  return {
    aiEnabled: profile ? profile.ai_features_enabled !== false : true,
    plan: planId,
    balance: Number(balance),
    firstName: first_name,
    facts,
  };
}
