import { useCallback, useState } from 'react';

export const DASHBOARD_VIEWS = [
  { id: 'builder', label: 'Builder' },
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'coach', label: 'Coach' },
  { id: 'crm', label: 'CRM' },
  { id: 'brain', label: 'The Brain' },
] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number]['id'];
const KEY = 'dashboard-view';

function stored(): DashboardView {
  try {
    const v = localStorage.getItem(KEY);
    return DASHBOARD_VIEWS.some((x) => x.id === v) ? (v as DashboardView) : 'builder';
  } catch {
    return 'builder';
  }
}

/** The current view, remembered in this browser between visits. */
export function useDashboardView(): [DashboardView, (v: DashboardView) => void] {
  const [view, setView] = useState<DashboardView>(stored);
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
