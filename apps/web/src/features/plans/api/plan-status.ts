import { queryOptions } from '@tanstack/react-query';
import type { PlanStatus } from '@/lib/plan/plan-context';
import { planKeys } from '@/lib/plan/plan-keys';

export interface PlanSnapshot {
  status: PlanStatus | null;
  /** Server-counted usage left this month per metered feature: null = unlimited. */
  remaining: Record<string, number | null>;
}

// The loader (and zod, which checks what it reads) comes with the first signed-in read: PlanProvider also wraps
// /connect-anything, public, where a visitor has no plan to read (issue 15).
const loadPlan = () => import('./load-plan').then((m) => m.loadPlan());

export const planStatusQuery = (userId: string | null) =>
  queryOptions({ queryKey: planKeys.forUser(userId), queryFn: loadPlan, enabled: Boolean(userId), staleTime: 30_000 });
