import { lazy, Suspense, useState, type ReactNode } from 'react';
import { COMPARE_MAX_TOOLS, type Integration } from '@app/shared';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { withQueryClient } from '@/lib/data/with-query-client';
import type { FilterId, MarketplaceQuery } from '../api/integrations';
import { withTool } from '../lib/comparison';
import { DirectoryHeader } from './directory-header';
import { MarketplaceTab } from './marketplace-tab';

// The Marketplace is what a visit shows; the other tabs (their selects, forms and dialog) load when picked, or when the
// pointer or focus reaches their trigger, so a first visit carries the catalogue only (issue 15). They read and write
// with TanStack Query, which loads with them (decision 0094).
const loaders = {
  compare: withQueryClient(() => import('./compare-tab').then((m) => m.CompareTab)),
  planner: withQueryClient(() => import('./planner-tab').then((m) => m.PlannerTab)),
  make: withQueryClient(() => import('./make-connections-tab').then((m) => m.MakeConnectionsTab)),
  graph: withQueryClient(() => import('./connector-graph-tab').then((m) => m.ConnectorGraphTab)),
};
const CompareTab = lazy(loaders.compare);
const PlannerTab = lazy(loaders.planner);
const MakeConnectionsTab = lazy(loaders.make);
const ConnectorGraphTab = lazy(loaders.graph);
const preload = (id: string) => void (loaders as Record<string, (() => Promise<unknown>) | undefined>)[id]?.();

const TABS = [
  { id: 'marketplace', label: 'Marketplace' },
  { id: 'compare', label: 'Compare Tools' },
  { id: 'planner', label: 'Connection Planner' },
  { id: 'make', label: 'Make Connections' },
  { id: 'assistant', label: 'Integration Assistant' },
  { id: 'graph', label: 'Connector Graph' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const START: MarketplaceQuery = { search: '', filter: 'all', popularOnly: false, page: 1 };

/** The Connect Anything directory: search, categories with real counts, and six tabs (the page gives the assistant's). */
export function ConnectAnythingView({ assistant }: { assistant: ReactNode }) {
  const [tab, setTab] = useState<TabId>('marketplace');
  const [query, setQuery] = useState<MarketplaceQuery>(START);
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [compact, setCompact] = useState(false);
  // the Compare tab's selection lives here: a Marketplace card's "Compare" adds to it
  const [compared, setCompared] = useState<Integration[]>([]);
  // docs/product.md#connect-anything: changing the search or the category goes back to page 1.
  const setSearch = (search: string) => {
    setQuery((q) => ({ ...q, search, page: 1 }));
    setTab('marketplace');
  };
  const setFilter = (filter: FilterId) => {
    setQuery((q) => ({ ...q, filter, page: 1 }));
    setTab('marketplace');
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:py-14">
      <DirectoryHeader
        search={query.search}
        onSearch={setSearch}
        layout={layout}
        onLayout={setLayout}
        filter={query.filter}
        onFilter={setFilter}
      />
      <Tabs value={tab} onValueChange={(v) => setTab(v as TabId)}>
        <div className="-mx-4 overflow-x-auto px-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:px-0">
          <TabsList className="h-auto w-max min-w-full justify-start gap-1 lg:w-full lg:justify-center">
            {TABS.map((t) => (
              <TabsTrigger key={t.id} value={t.id} className="px-3 py-2" onPointerEnter={() => preload(t.id)} onFocus={() => preload(t.id)}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="marketplace" className="mt-6">
          <MarketplaceTab
            query={query}
            onSearch={setSearch}
            onPopularOnly={(popularOnly) => setQuery((q) => ({ ...q, popularOnly, page: 1 }))}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
            onClear={() => setQuery(START)}
            layout={layout}
            compact={compact}
            onCompact={setCompact}
            onCompare={(item) => {
              setCompared((list) => withTool(list, item));
              preload('compare');
              setTab('compare');
            }}
            compareFull={compared.length >= COMPARE_MAX_TOOLS}
            compared={compared.map((t) => t.id)}
          />
        </TabsContent>
        <TabsContent value="compare" className="mt-6">
          <Suspense fallback={<TabLoading />}>
            <CompareTab chosen={compared} onChange={setCompared} />
          </Suspense>
        </TabsContent>
        <TabsContent value="planner" className="mt-6">
          <Suspense fallback={<TabLoading />}>
            <PlannerTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="make" className="mt-6">
          <Suspense fallback={<TabLoading />}>
            <MakeConnectionsTab onPlan={() => setTab('planner')} />
          </Suspense>
        </TabsContent>
        <TabsContent value="assistant" className="mt-6">
          <Suspense fallback={<TabLoading />}>{assistant}</Suspense>
        </TabsContent>
        <TabsContent value="graph" className="mt-6">
          <Suspense fallback={<TabLoading />}>
            <ConnectorGraphTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function TabLoading() {
  return <Spinner className="mx-auto my-10 size-6 text-primary" label="Loading" />;
}
