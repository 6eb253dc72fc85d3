import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { FilterId, MarketplaceQuery } from '../api/integrations';
import { categoryCountsQuery } from '../api/queries';
import { CompareTab } from './compare-tab';
import { ConnectorGraphTab } from './connector-graph-tab';
import { DirectoryHeader } from './directory-header';
import { MakeConnectionsTab } from './make-connections-tab';
import { MarketplaceTab } from './marketplace-tab';
import { PlannerTab } from './planner-tab';

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
  const counts = useQuery(categoryCountsQuery());
  const [tab, setTab] = useState<TabId>('marketplace');
  const [query, setQuery] = useState<MarketplaceQuery>(START);
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [compact, setCompact] = useState(false);
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
        counts={counts.data}
      />
      <Tabs value={tab} onValueChange={(v) => setTab(v as TabId)}>
        <div className="-mx-4 overflow-x-auto px-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:px-0">
          <TabsList className="h-auto w-max min-w-full justify-start gap-1 lg:w-full lg:justify-center">
            {TABS.map((t) => (
              <TabsTrigger key={t.id} value={t.id} className="px-3 py-2">
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
          />
        </TabsContent>
        <TabsContent value="compare" className="mt-6">
          <CompareTab />
        </TabsContent>
        <TabsContent value="planner" className="mt-6">
          <PlannerTab />
        </TabsContent>
        <TabsContent value="make" className="mt-6">
          <MakeConnectionsTab onPlan={() => setTab('planner')} />
        </TabsContent>
        <TabsContent value="assistant" className="mt-6">
          {assistant}
        </TabsContent>
        <TabsContent value="graph" className="mt-6">
          <ConnectorGraphTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
