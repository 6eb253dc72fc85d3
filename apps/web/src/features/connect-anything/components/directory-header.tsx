import { LayoutGrid, List, Search } from 'lucide-react';
import { INTEGRATION_FILTERS } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { FilterId } from '../api/integrations';
import { useCategoryCounts } from '../api/catalogue-reads';

interface Props {
  search: string;
  onSearch(v: string): void;
  layout: 'grid' | 'list';
  onLayout(v: 'grid' | 'list'): void;
  filter: FilterId;
  onFilter(v: FilterId): void;
}

/**
 * Title, the directory search, the grid/list toggle and the category buttons with their real counts. The counts are
 * read here, so their answer re-renders the header alone, not the tabs and the catalogue (issue 15, TBT).
 */
export function DirectoryHeader({ search, onSearch, layout, onLayout, filter, onFilter }: Props) {
  const counts = useCategoryCounts().data;
  return (
    <header className="space-y-6">
      <div className="text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">Test &amp; Compare</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">
          Connect <span className="text-gradient">Anything</span>
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          Browse the tools you already use, compare them side by side, and plan the connections that save you hours every week.
        </p>
      </div>
      <div className="mx-auto flex max-w-3xl gap-2">
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            name="directory-search"
            aria-label="Search integrations"
            placeholder="Search integrations..."
            className="h-11 pl-9"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <div role="group" aria-label="Layout" className="flex rounded-md border p-1">
          <Button
            size="icon"
            variant={layout === 'grid' ? 'secondary' : 'ghost'}
            className="size-9"
            aria-label="Grid layout"
            aria-pressed={layout === 'grid'}
            onClick={() => onLayout('grid')}
          >
            <LayoutGrid aria-hidden />
          </Button>
          <Button
            size="icon"
            variant={layout === 'list' ? 'secondary' : 'ghost'}
            className="size-9"
            aria-label="List layout"
            aria-pressed={layout === 'list'}
            onClick={() => onLayout('list')}
          >
            <List aria-hidden />
          </Button>
        </div>
      </div>
      <nav aria-label="Categories" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 sm:flex-wrap sm:justify-center">
          {INTEGRATION_FILTERS.map((f) => (
            <li key={f.id} className="shrink-0">
              <button
                type="button"
                aria-pressed={filter === f.id}
                onClick={() => onFilter(f.id)}
                className={cn(
                  'inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
                  filter === f.id ? 'border-violet-600 bg-violet-600 text-white' : 'bg-card hover:border-primary/60',
                )}
              >
                {f.label}
                <span
                  className={cn(
                    // as wide for '…' as for three digits: the counts arrive after the first paint and must not move the buttons
                    'min-w-[calc(3ch+0.75rem)] rounded-full px-1.5 text-center text-xs tabular-nums',
                    filter === f.id ? 'bg-black/25' : 'bg-secondary text-muted-foreground',
                  )}
                  data-testid={`count-${f.id}`}
                >
                  {counts ? counts[f.id] : '…'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
