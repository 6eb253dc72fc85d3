import { cn } from '@/lib/utils';

/** Stored JSON in a box that scrolls, named for screen readers. */
export function ScrollBox({ label, text, className }: { label: string; text: string; className?: string }) {
  return (
    // A scrollable region must be reachable by keyboard (WCAG 2.1.1)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div tabIndex={0} role="region" aria-label={label} className={cn('overflow-auto rounded-md bg-background/70 p-2', className)}>
      <pre className="text-xs">{text}</pre>
    </div>
  );
}
