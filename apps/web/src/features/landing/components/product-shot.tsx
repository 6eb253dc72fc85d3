import { cn } from '@/lib/utils';

/** The captured screens (scripts/product-shots.mjs writes them to public/product/, 1280×800 and 640×400). */
export type ProductScreen = 'dashboard' | 'onboarding' | 'onboarding-voice' | 'connect-anything';

/**
 * A screenshot of the product in a window frame. Explicit width and height reserve its box (no layout shift); the
 * browser picks the 640 or 1280 px file for the space it gets; below the fold it loads lazily.
 */
export function ProductShot({
  screen,
  alt,
  sizes,
  eager = false,
  className,
}: {
  screen: ProductScreen;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border border-border bg-card shadow-2xl shadow-violet-950/40 ring-1 ring-white/5',
        className,
      )}
    >
      <div aria-hidden="true" className="flex gap-1.5 border-b border-border px-4 py-2.5">
        <span className="size-2.5 rounded-full bg-white/15" />
        <span className="size-2.5 rounded-full bg-white/15" />
        <span className="size-2.5 rounded-full bg-white/15" />
      </div>
      <img
        src={`/product/${screen}-1280.webp`}
        srcSet={`/product/${screen}-640.webp 640w, /product/${screen}-1280.webp 1280w`}
        sizes={sizes}
        width={1280}
        height={800}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="block h-auto w-full"
      />
    </div>
  );
}
