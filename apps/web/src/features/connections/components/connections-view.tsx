import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { seedFromParams, type ConnectionSeed } from '@/lib/connection-links';
import { connectionsMessages } from '@/lib/messages/connections';
import { usePlan } from '@/lib/plan/plan-context';
import { connectionsQuery, runsQuery } from '../api/queries';
import { emptyDraft } from '../lib/draft';
import { draftOf } from '../lib/from-stored';
import { setRevealed, useRevealed } from '../lib/revealed-store';
import { ConnectionDetail } from './connection-detail';
import { ConnectionForm } from './connection-form';
import { ConnectionList } from './connection-list';
import { CONNECTIONS_FEATURE, UpgradeNotice } from './upgrade-notice';
import { UsageLine } from './usage-line';

// react-markdown only when the recipes are read
const RecipesPanel = lazy(() => import('./recipes-panel'));
const m = connectionsMessages;

type FormState = { mode: 'new'; seed: ConnectionSeed | null } | { mode: 'edit'; id: string } | null;

/** The edit form, with the connection's last real payload for the preview. */
function EditConnection({ id, onDone }: { id: string; onDone(): void }) {
  const list = useQuery(connectionsQuery());
  const runs = useQuery(runsQuery(id));
  const c = list.data?.find((x) => x.id === id);
  if (!c || runs.isPending) return <Spinner className="size-6 text-primary" label={m.loading} />;
  const last = runs.data?.find((r) => r.kind === 'trigger');
  return (
    <ConnectionForm
      initial={draftOf(c)}
      editing={{ id: c.id, name: c.name }}
      last={last ? { payload: last.payload, at: last.created_at } : null}
      onSaved={onDone}
      onCancel={onDone}
    />
  );
}

/**
 * The dashboard's Connections view (issue 40): the customer's connections and their runs, the new-connection form
 * (also opened from an idea, a blueprint, the canvas or a Marketplace card by address: lib/connection-links) and the
 * recipes. Which connection is open is in the address (`connection`), so the Overview can link to a history.
 */
export function ConnectionsView() {
  const plan = usePlan();
  const allowed = plan.hasFeature(CONNECTIONS_FEATURE);
  const list = useQuery(connectionsQuery());
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<FormState>(() => {
    const seed = seedFromParams(params);
    return seed ? { mode: 'new', seed } : null;
  });
  const revealed = useRevealed();
  const [samples, setSamples] = useState<Record<string, string>>({});

  // The seed is in the form now: the address forgets it, so a reload does not start the same form again.
  useEffect(() => {
    if (params.has('build'))
      setParams(
        (p) => {
          for (const k of ['build', 'from', 'name']) p.delete(k);
          return p;
        },
        { replace: true },
      );
  }, [params, setParams]);

  const select = (id: string) =>
    setParams(
      (p) => {
        p.set('connection', id);
        return p;
      },
      { replace: true },
    );
  const items = list.data ?? [];
  const current = items.find((c) => c.id === params.get('connection')) ?? items[0];

  const body = () => {
    if (list.isPending || plan.isLoading) return <Spinner className="size-6 text-primary" label={m.loading} />;
    if (list.isError) return <Alert variant="destructive">{m.loadFailed}</Alert>;
    if (form?.mode === 'edit') return <EditConnection id={form.id} onDone={() => setForm(null)} />;
    if (form?.mode === 'new' && allowed)
      return (
        <ConnectionForm
          key={form.seed?.id ?? 'blank'}
          initial={emptyDraft(form.seed?.name ?? '')}
          seed={form.seed}
          onCancel={() => setForm(null)}
          onCreated={(r, sample) => {
            setForm(null);
            setRevealed(r);
            setSamples((s) => ({ ...s, [r.connectionId]: sample }));
            select(r.connectionId);
          }}
        />
      );
    return (
      <div className="space-y-4">
        {!allowed && <UpgradeNotice />}
        {items.length === 0 ? (
          allowed && <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{m.empty}</p>
        ) : (
          <div className="grid items-start gap-4 lg:grid-cols-[20rem_1fr]">
            <ConnectionList items={items} selected={current?.id ?? null} onSelect={select} />
            {current && (
              <ConnectionDetail
                key={current.id}
                connection={current}
                revealed={revealed?.connectionId === current.id ? revealed : null}
                onRevealed={setRevealed}
                sample={samples[current.id] ?? null}
                onEdit={() => setForm({ mode: 'edit', id: current.id })}
                onDeleted={() => setParams((p) => (p.delete('connection'), p), { replace: true })}
              />
            )}
          </div>
        )}
      </div>
    );
  };

  return (
    <Tabs defaultValue="connections" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <TabsList>
          <TabsTrigger value="connections">{m.view.tabs.connections}</TabsTrigger>
          <TabsTrigger value="recipes">{m.view.tabs.recipes}</TabsTrigger>
        </TabsList>
        <div className="flex flex-wrap items-end gap-4">
          <UsageLine />
          {allowed && !form && (
            <Button variant="gradient" onClick={() => setForm({ mode: 'new', seed: null })}>
              <Plus aria-hidden /> {m.newConnection}
            </Button>
          )}
        </div>
      </div>
      <TabsContent value="connections">{body()}</TabsContent>
      <TabsContent value="recipes">
        <Suspense fallback={<Spinner className="size-6 text-primary" label={m.recipes.title} />}>
          <RecipesPanel />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
