import { Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { INTEGRATION_CATEGORIES, type Integration } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { CategoryIcon } from '@/components/category-icon';

export type CardLayout = 'grid' | 'compact' | 'list';

export const formatUsers = (n: number) => new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/** One catalogue entry: a full card (grid), a small card (compact) or a row (list). */
export function IntegrationCard({
  item,
  layout,
  actions,
}: {
  item: Integration;
  layout: CardLayout;
  /** The card's buttons (the Marketplace's: Add to canvas, Compare, Use in a connection). */
  actions?: ReactNode;
}) {
  const meta = (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      <span className="inline-flex items-center gap-1">
        <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
        <span className="sr-only">Rating </span>
        {item.rating.toFixed(1)}
      </span>
      <span className="inline-flex items-center gap-1">
        <Users aria-hidden className="size-3.5" />
        {formatUsers(item.connections)} <span className="sr-only">users</span>
      </span>
      <span>{INTEGRATION_CATEGORIES[item.category]}</span>
    </div>
  );
  const icon = (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-lg bg-secondary',
        layout === 'grid' ? 'size-12 text-2xl' : 'size-9 text-lg',
      )}
    >
      <CategoryIcon category={item.category} className={layout === 'grid' ? 'size-6' : 'size-5'} />
    </span>
  );
  return (
    <article
      aria-label={item.name}
      data-testid="integration-card"
      className={cn(
        'group flex rounded-lg border bg-card transition-colors hover:border-primary/60',
        layout === 'list' ? 'flex-wrap items-center gap-x-4 gap-y-2 p-3' : 'flex-col gap-3',
        layout === 'grid' && 'p-5',
        layout === 'compact' && 'p-3',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {icon}
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h3 className="truncate font-semibold">{item.name}</h3>
            {item.popular && (
              <Badge variant="secondary" className="shrink-0">
                Popular
              </Badge>
            )}
          </div>
          {layout !== 'compact' && (
            <p className={cn('mt-1 text-sm text-muted-foreground', layout === 'list' ? 'line-clamp-1' : 'line-clamp-2')}>
              {item.description}
            </p>
          )}
          <div className="mt-1.5">{meta}</div>
        </div>
      </div>
      {layout === 'grid' && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${item.name} actions`}>
          {item.actions.slice(0, 3).map((a) => (
            <li key={a} className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
              {a}
            </li>
          ))}
        </ul>
      )}
      {actions && <div className={cn(layout === 'list' ? 'w-full sm:w-auto' : 'mt-auto')}>{actions}</div>}
    </article>
  );
}
