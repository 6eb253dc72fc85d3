import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A router link styled as a large button: primary (gradient) or secondary (outline on dark). */
export function LinkButton({ to, children, secondary = false }: { to: string; children: ReactNode; secondary?: boolean }) {
  return (
    <Button
      asChild
      size="lg"
      variant={secondary ? 'outline' : 'gradient'}
      className={secondary ? 'border-white/20 text-foreground hover:bg-white/10 hover:text-foreground' : undefined}
    >
      <Link to={to}>{children}</Link>
    </Button>
  );
}
