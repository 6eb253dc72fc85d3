import { useQuery } from '@tanstack/react-query';
import { Activity, ArrowLeft, Inbox, ListOrdered, ShieldAlert, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { useAccountCount } from '../api/account-count';
import { overviewQuery } from '../api/queries';
import { AnalyticsPanel } from './analytics-panel';
import { CoachStatusCard } from './coach-status-card';
import { InboxPanel } from './inbox-panel';
import { SecurityPanel } from './security-panel';
import { SiteSetupCard } from './site-setup-card';
import { Stat } from './shared';
import { UsersPanel } from './users-panel';
import { WaitlistPanel } from './waitlist-panel';

const TABS = [
  { value: 'waitlist', label: 'Waitlist', icon: ListOrdered, Panel: WaitlistPanel },
  { value: 'analytics', label: 'Analytics', icon: Activity, Panel: AnalyticsPanel },
  { value: 'security', label: 'Security', icon: ShieldAlert, Panel: SecurityPanel },
  { value: 'users', label: 'Users', icon: Users, Panel: UsersPanel },
  { value: 'inbox', label: 'Inbox', icon: Inbox, Panel: InboxPanel },
] as const;

/** The operators' console (/admin). Every call is checked again by the server and the database. */
export function AdminConsole() {
  const overview = useQuery(overviewQuery());
  const accounts = useAccountCount();
  const o = overview.data;
  const inbox = o ? o.new_plan_requests + o.new_integration_requests + o.new_connection_requests + o.new_contact_messages : undefined;
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card/60">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div>
            <p className="text-xs uppercase tracking-widest text-muted-foreground">{runtimeConfig().brandName}</p>
            <h1 className="text-xl font-bold sm:text-2xl">Operators&apos; console</h1>
          </div>
          <Link to={paths.home} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to site
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
          <Stat label="Waitlist" value={o?.waitlist ?? '—'} />
          <Stat label="Accounts" value={accounts.data ?? '—'} />
          <Stat label="New in inbox" value={inbox ?? '—'} className="col-span-2 md:col-span-1" />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <CoachStatusCard />
          <SiteSetupCard />
        </div>
        <Tabs defaultValue="waitlist" className="flex flex-col gap-6">
          <TabsList className="h-auto w-full justify-start overflow-x-auto">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="gap-2">
                <t.icon className="size-4" aria-hidden="true" />
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((t) => (
            <TabsContent key={t.value} value={t.value}>
              <t.Panel />
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  );
}
