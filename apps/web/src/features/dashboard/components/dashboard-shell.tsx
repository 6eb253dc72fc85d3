import { useQuery } from '@tanstack/react-query';
import { Bot, Brain, Cable, Contact, LayoutDashboard, Workflow } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePlan } from '@/lib/plan/plan-context';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { cn } from '@/lib/utils';
import { connectionsMessages } from '@/lib/messages/connections';
import { useAuth } from '@/lib/session/auth-context';
import { businessProfileQuery } from '../api/profile';
import { useDashboardView, DASHBOARD_VIEWS, startingViewOf, type DashboardView } from '../hooks/use-dashboard-view';
import { useAccentPalette } from '../hooks/use-accent-palette';
import { useIsDesktop } from '../hooks/use-is-desktop';
import { BuilderView } from '../builder/builder-view';
import { BrainView } from '../views/brain-view';
import { OverviewView } from '../views/overview-view';
import { DesktopRequired } from './desktop-required';
import { UsageTimer } from './usage-timer';

const ICONS: Record<DashboardView, typeof Brain> = {
  builder: Workflow,
  dashboard: LayoutDashboard,
  coach: Bot,
  crm: Contact,
  connections: Cable,
  brain: Brain,
};
const TITLES: Record<DashboardView, { title: string; text: string }> = {
  builder: { title: 'Builder', text: 'Map the tools you use and the connections between them.' },
  dashboard: { title: 'Dashboard', text: 'Your 90-day action plan and your business at a glance.' },
  coach: { title: 'Coach', text: 'Your AI business coach. It knows your business profile, goals and tools.' },
  crm: { title: 'CRM', text: 'Customers, deals and follow-ups.' },
  connections: { title: connectionsMessages.view.title, text: connectionsMessages.view.text },
  brain: { title: 'The Brain', text: 'Your plan, credits, AI settings and profile.' },
};

/** What the page puts into the shell from other features (the coach): features do not import each other. */
export interface DashboardSlots {
  /** The floating assistant panel. */
  assistant: ReactNode;
  /** The Coach view's content. */
  coach: ReactNode;
  /** Shown first in the Dashboard view: the action plan being worked. */
  plan: ReactNode;
  /** Shown in the Dashboard view after the plan: the business's own numbers (issue 42). */
  metrics?: ReactNode;
  /** The CRM view's content (issue 43). */
  crm: ReactNode;
  /** Shown in the Dashboard view after the plan: the latest weekly review (issue 42). */
  review?: ReactNode;
  /** Shown in The Brain under the credits: the usage history. */
  usage: ReactNode;
  /** The Connections view (issue 40). */
  connections?: ReactNode;
  /** Shown first in the Dashboard view: the connections whose latest run failed (issue 40). */
  attention?: ReactNode;
}

/** The business operating system: desktop only, remembered views, plan card, usage timer and assistant. */
export function DashboardShell({ slots }: { slots: DashboardSlots }) {
  const desktop = useIsDesktop();
  const profile = useQuery(businessProfileQuery(useAuth().user?.id));
  const [view, setView] = useDashboardView(startingViewOf(profile.data?.preferences));
  useAccentPalette(profile.data?.preferences);
  const plan = usePlan();
  if (!desktop) return <DesktopRequired />;

  return (
    <div className="flex min-h-screen bg-background text-foreground">
      <aside className="sticky top-0 flex h-screen w-64 shrink-0 flex-col gap-6 border-r bg-card/60 p-4">
        <Link to={paths.home} className="px-2 text-lg font-bold">
          <span className="text-gradient">{runtimeConfig().brandName}</span>
        </Link>
        <nav aria-label="Dashboard views">
          <ul className="space-y-1">
            {DASHBOARD_VIEWS.map((v) => {
              const Icon = ICONS[v.id];
              return (
                <li key={v.id}>
                  <button
                    type="button"
                    aria-current={view === v.id ? 'page' : undefined}
                    onClick={() => setView(v.id)}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      view === v.id
                        ? 'bg-primary/15 text-foreground ring-1 ring-primary/40'
                        : 'text-muted-foreground hover:bg-secondary hover:text-foreground',
                    )}
                  >
                    <Icon aria-hidden className="size-4" /> {v.label}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="rounded-lg border bg-background/50 p-3">
          <p className="text-[11px] uppercase tracking-wide text-muted-foreground">Plan</p>
          <p className="font-semibold">{plan.status?.plan_name ?? '…'}</p>
          {plan.status?.status === 'trialing' && (
            <p className="text-xs text-muted-foreground">{plan.trialDaysRemaining} days left in trial</p>
          )}
          <Button size="sm" variant="outline" className="mt-2 w-full" onClick={() => plan.openPlanDialog('plans')}>
            Your Plan
          </Button>
        </div>
        <div className="mt-auto">
          <UsageTimer />
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-6 pb-24">
        <header className="mb-5">
          <h1 className="text-2xl font-bold">{TITLES[view].title}</h1>
          <p className="text-sm text-muted-foreground">{TITLES[view].text}</p>
        </header>
        {view === 'builder' && <BuilderView />}
        {view === 'dashboard' && (
          <OverviewView attention={slots.attention} plan={slots.plan} review={slots.review} metrics={slots.metrics} />
        )}
        {view === 'coach' && slots.coach}
        {view === 'crm' && slots.crm}
        {view === 'connections' && slots.connections}
        {view === 'brain' && <BrainView usage={slots.usage} />}
      </main>
      {view !== 'coach' && slots.assistant}
    </div>
  );
}
