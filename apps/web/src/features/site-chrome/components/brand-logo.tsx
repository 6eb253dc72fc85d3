import { Sparkles } from 'lucide-react';
import { runtimeConfig } from '@/lib/runtime-config';
import { cn } from '@/lib/utils';

/** The mark and the brand name (the name comes from the runtime config, never hard-coded). */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 font-bold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-violet-600 to-cyan-500 text-white shadow-md shadow-violet-900/40">
        <Sparkles className="size-4" aria-hidden="true" />
      </span>
      <span className="truncate">{runtimeConfig().brandName}</span>
    </span>
  );
}
