import { useCallback, useState } from 'react';
import { STARTING_VIEWS, type StartingView } from '@app/shared';
import { z } from 'zod';

export const DASHBOARD_VIEWS = [
  { id: 'builder', label: 'Builder' },
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'coach', label: 'Coach' },
  { id: 'crm', label: 'CRM' },
  { id: 'brain', label: 'The Brain' },
] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number]['id'];
const KEY = 'dashboard-view';

/**
 * The onboarding's four starting views on the dashboard's views (issue 44; docs/product.md#dashboard): the command
 * centre is the Builder's tool canvas, the business overview the Dashboard view, the marketing hub the CRM (leads and
 * campaigns) and the intelligence hub The Brain.
 */
export const VIEW_FOR_STARTING_VIEW: Record<StartingView, DashboardView> = {
  'command-center': 'builder',
  'business-overview': 'dashboard',
  'marketing-hub': 'crm',
  'intelligence-hub': 'brain',
};

const startingViewSchema = z.object({ defaultView: z.enum(STARTING_VIEWS) });

/** The starting view in a business profile's preferences (jsonb, so checked), or null. */
export function startingViewOf(preferences: unknown): StartingView | null {
  const r = startingViewSchema.safeParse(preferences);
  return r.success ? r.data.defaultView : null;
}

function stored(): DashboardView | null {
  try {
    const v = localStorage.getItem(KEY);
    return DASHBOARD_VIEWS.some((x) => x.id === v) ? (v as DashboardView) : null;
  } catch {
    return null;
  }
}

/**
 * The current view: the one last chosen in this browser, else the starting view the customer picked in the
 * onboarding (`starting`, once the profile has loaded), else the Builder.
 */
export function useDashboardView(starting?: StartingView | null): [DashboardView, (v: DashboardView) => void] {
  const [chosen, setView] = useState<DashboardView | null>(stored);
  const view = chosen ?? (starting ? VIEW_FOR_STARTING_VIEW[starting] : 'builder');
  const change = useCallback((v: DashboardView) => {
    setView(v);
    try {
      localStorage.setItem(KEY, v);
    } catch {
      // storage full or blocked: the view still changes for this visit
    }
  }, []);
  return [view, change];
}
