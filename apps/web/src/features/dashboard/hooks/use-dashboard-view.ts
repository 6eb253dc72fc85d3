import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { STARTING_VIEWS, type StartingView } from '@app/shared';
import { z } from 'zod';

export const DASHBOARD_VIEWS = [
  { id: 'builder', label: 'Builder' },
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'coach', label: 'Coach' },
  { id: 'crm', label: 'CRM' },
  // issue 40: connections that run
  { id: 'connections', label: 'Connections' },
  { id: 'brain', label: 'The Brain' },
] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number]['id'];
const KEY = 'dashboard-view';
const viewOf = (v: string | null): DashboardView | null => DASHBOARD_VIEWS.find((x) => x.id === v)?.id ?? null;

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
    return viewOf(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/**
 * The current view: the one a link names, else the one last chosen in this browser, else the starting view the
 * customer picked in the onboarding (`starting`, once the profile has loaded), else the Builder.
 */
export function useDashboardView(starting?: StartingView | null): [DashboardView, (v: DashboardView) => void] {
  const [chosen, setView] = useState<DashboardView | null>(stored);
  const [params, setParams] = useSearchParams();
  // ?view=connections (lib/connection-links) shows that view until the customer picks another one
  const linked = viewOf(params.get('view'));
  const view = linked ?? chosen ?? (starting ? VIEW_FOR_STARTING_VIEW[starting] : 'builder');
  const change = useCallback(
    (v: DashboardView) => {
      setView(v);
      try {
        localStorage.setItem(KEY, v);
      } catch {
        // storage full or blocked: the view still changes for this visit
      }
      if (linked) setParams((p) => (p.delete('view'), p), { replace: true });
    },
    [linked, setParams],
  );
  return [view, change];
}
