import { ChevronLeft, ChevronRight, LayoutGrid, Rows3, Search, X } from 'lucide-react';
import { MARKETPLACE_PAGE_SIZE } from '@app/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { connectMessages } from '@/lib/messages/connect';
import { cn } from '@/lib/utils';
import type { Integration } from '@app/shared';
import type { MarketplaceQuery } from '../api/integrations';
import { useMarketplacePage } from '../api/catalogue-reads';
import { CardActions } from './card-actions';
import { IntegrationCard } from './integration-card';

interface Props {
  query: MarketplaceQuery;
  onSearch(v: string): void;
  onPopularOnly(v: boolean): void;
  onPage(p: number): void;
  onClear(): void;
  layout: 'grid' | 'list';
  compact: boolean;
  onCompact(v: boolean): void;
  /** A card's "Compare": the tool joins the Compare tab's selection (which opens). */
  onCompare(item: Integration): void;
  /** No more tools fit in the comparison; these are in it already. */
  compareFull: boolean;
  compared: readonly string[];
}

const gridColumns = {
  list: 'grid-cols-1',
  compact: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
  grid: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
} as const;
/**
 * About a card's height in each layout (integration-card.tsx, with its action buttons: one row beside a list row from
 * the sm breakpoint, two rows in a compact card), for the placeholders shown while a page loads.
 */
const placeholderHeight = { list: 'h-44 sm:h-24', compact: 'h-40', grid: 'h-60' } as const;
/**
 * A card off screen is not styled, laid out or painted until it nears the viewport (content-visibility), sized
 * meanwhile as a card of its layout: the answer's render on a phone (one card in view) lays out one card, not twelve
 * (issue 15, TBT). `auto` keeps a card's size once it has been drawn.
 */
const offscreenCard = {
  list: '[content-visibility:auto] [contain-intrinsic-size:auto_182px] sm:[contain-intrinsic-size:auto_96px]',
  compact: '[content-visibility:auto] [contain-intrinsic-size:auto_162px]',
  grid: '[content-visibility:auto] [contain-intrinsic-size:auto_254px]',
} as const;
/** 'X to Y of N integrations' (docs/product.md#connect-anything). */
export function rangeLabel(page: number, total: number): string {
  if (total === 0) return '0 integrations';
  const from = (page - 1) * MARKETPLACE_PAGE_SIZE + 1;
  const to = Math.min(total, page * MARKETPLACE_PAGE_SIZE);
  return `${from} to ${to} of ${total} integrations`;
}

export function MarketplaceTab({
  query,
  onSearch,
  onPopularOnly,
  onPage,
  onClear,
  layout,
  compact,
  onCompact,
  onCompare,
  compareFull,
  compared,
}: Props) {
  const result = useMarketplacePage(query);
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MARKETPLACE_PAGE_SIZE));
  const cardLayout = layout === 'list' ? 'list' : compact ? 'compact' : 'grid';

  return (
    <section aria-labelledby="marketplace-title" className="space-y-4">
      {/* the cards' h3 names sit under a section heading, not straight under the page's h1 */}
      <h2 id="marketplace-title" className="sr-only">
        Marketplace
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            name="marketplace-search"
            aria-label="Search the marketplace"
            placeholder="Search by name, description or category"
            className="pl-9"
            value={query.search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <div className="flex items-center gap-3">
          <div className="flex items-center gap-2">
            <Switch id="popular-only" checked={query.popularOnly} onCheckedChange={onPopularOnly} />
            <Label htmlFor="popular-only">Popular</Label>
          </div>
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden /> Clear
          </Button>
          <div role="group" aria-label="Card density" className="flex rounded-md border p-0.5">
            <Button
              size="icon"
              variant={!compact ? 'secondary' : 'ghost'}
              className="size-8"
              aria-label="Grid"
              aria-pressed={!compact}
              onClick={() => onCompact(false)}
            >
              <LayoutGrid aria-hidden />
            </Button>
            <Button
              size="icon"
              variant={compact ? 'secondary' : 'ghost'}
              className="size-8"
              aria-label="Compact"
              aria-pressed={compact}
              onClick={() => onCompact(true)}
            >
              <Rows3 aria-hidden />
            </Button>
          </div>
        </div>
      </div>

      {result.isError && <Alert variant="destructive">{connectMessages.loadFailed}</Alert>}
      {result.isPending ? (
        // As many placeholders as a page has cards, in the same grid: the cards replace them without pushing what is
        // below (the prerendered page shows these; issue 15, CLS).
        <div className="relative">
          <ul aria-hidden className={cn('grid gap-3', gridColumns[cardLayout])}>
            {Array.from({ length: MARKETPLACE_PAGE_SIZE }, (_, i) => (
              <li key={i} className={cn('rounded-lg border bg-card/40', placeholderHeight[cardLayout])} />
            ))}
          </ul>
          <div className="absolute inset-x-0 top-16 flex justify-center">
            <Spinner className="size-6 text-primary" label="Loading integrations" />
          </div>
        </div>
      ) : result.data && result.data.rows.length === 0 ? (
        <div className="rounded-lg border border-dashed py-16 text-center">
          <p className="text-lg font-semibold">{connectMessages.noResults}</p>
          <p className="mt-1 text-sm text-muted-foreground">Try another search or category, or request the integration you need.</p>
        </div>
      ) : (
        <ul aria-busy={result.isFetching} className={cn('grid gap-3', gridColumns[cardLayout], result.isFetching && 'opacity-70')}>
          {result.data?.rows.map((item) => (
            <li key={item.id} className={cn('flex', offscreenCard[cardLayout])}>
              <div className="flex-1 [&>article]:h-full">
                <IntegrationCard
                  item={item}
                  layout={cardLayout}
                  actions={
                    <CardActions
                      item={item}
                      onCompare={() => onCompare(item)}
                      compareDisabled={compareFull && !compared.includes(item.id)}
                    />
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      )}

      <footer className="flex flex-col items-center justify-between gap-3 border-t pt-4 sm:flex-row">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="marketplace-range">
          {result.data ? rangeLabel(query.page, total) : ''}
        </p>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={query.page <= 1} onClick={() => onPage(query.page - 1)}>
            <ChevronLeft aria-hidden /> Previous
          </Button>
          <span className="text-sm tabular-nums text-muted-foreground">
            Page {query.page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={query.page >= pages} onClick={() => onPage(query.page + 1)}>
            Next <ChevronRight aria-hidden />
          </Button>
        </div>
      </footer>
    </section>
  );
}
