import type { ReactNode } from 'react';
import { useReveal } from '@/lib/use-reveal';

/** A block that fades and rises into place when scrolled to (the 0.45 s layout transition; docs/design.md#motion). */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
