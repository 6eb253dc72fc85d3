import { createContext, useContext } from 'react';
import { UPGRADE_MESSAGE, type PlanId } from '@app/shared';

/** What public.plan_status() returns for the signed-in caller (supabase/migrations/0014). */
export interface PlanStatus {
  plan_id: PlanId;
  plan_name: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';
  trial_ends_at: string | null;
  trial_days_remaining: number | null;
  credits_balance: number;
  credits_allowance: number;
  modules: string[];
  limits: Record<string, number | null>;
}

/** Why the 'Your Plan' dialog was opened: to look, or to ask for more credits. */
export type PlanDialogIntent = 'plans' | 'top_up';

export interface PlanContextValue {
  isLoading: boolean;
  status: PlanStatus | null;
  /** The plan while the subscription is live; null when there is none or the trial has ended. */
  currentPlan: PlanId | null;
  trialDaysRemaining: number | null;
  hasFeature(feature: string): boolean;
  /** Monthly limit: 0 = no access, null = unlimited. */
  getLimit(feature: string): number | null;
  /** What is left this month (server-counted): 0 = none, null = unlimited. */
  getRemainingUsage(feature: string): number | null;
  getUpgradeMessage(feature?: string): string;
  refresh(): Promise<void>;
  planDialog: { open: boolean; intent: PlanDialogIntent };
  openPlanDialog(intent?: PlanDialogIntent): void;
  closePlanDialog(): void;
}

const noop = () => {};
/** docs/product.md#roles: outside the provider every feature is denied with limit 0 and the upgrade message. */
export const DEFAULT_PLAN_CONTEXT: PlanContextValue = {
  isLoading: false,
  status: null,
  currentPlan: null,
  trialDaysRemaining: null,
  hasFeature: () => false,
  getLimit: () => 0,
  getRemainingUsage: () => 0,
  getUpgradeMessage: () => UPGRADE_MESSAGE,
  refresh: async () => {},
  planDialog: { open: false, intent: 'plans' },
  openPlanDialog: noop,
  closePlanDialog: noop,
};

/** Filled by features/plans' PlanProvider (the routes that need it wrap themselves in it). */
export const PlanContext = createContext<PlanContextValue>(DEFAULT_PLAN_CONTEXT);

export function usePlan(): PlanContextValue {
  return useContext(PlanContext);
}
