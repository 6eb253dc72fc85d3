import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A titled grid of icon cards. */
export function FeatureGrid({
  id,
  title,
  lead,
  items,
  columns = 3,
  className,
}: {
  id: string;
  title: string;
  lead?: string;
  items: FeatureItem[];
  columns?: 2 | 3 | 4;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('px-4 py-16 sm:px-6 lg:px-8', className)}>
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-foreground">
            {title}
          </h2>
          {lead && <p className="mt-3 text-muted-foreground">{lead}</p>}
        </div>
        <ul className={cn('mt-10 grid gap-6 sm:grid-cols-2', columns === 3 && 'lg:grid-cols-3', columns === 4 && 'lg:grid-cols-4')}>
          {items.map(({ icon: Icon, title: t, text }) => (
            <li key={t} className="rounded-2xl border border-border bg-card p-6">
              <span className="flex size-11 items-center justify-center rounded-xl bg-violet-500/15 text-brand">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-foreground">{t}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
