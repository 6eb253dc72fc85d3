import type { ReactNode } from 'react';

/**
 * The page around the auth card: light surface (docs/product.md#top-navigation: dark navigation text on /sign-in and /sign-up);
 * the wide (wizard) layout keeps the product's dark surface. The site's navigation bar is fixed above it.
 * `aside` (from 1024 px) sits beside the card, so a wide screen shows the product instead of an empty band; the page is
 * as tall as its content, not a full screen, so on a phone the footer follows the card (issue 18).
 */
export function AuthPageShell({ children, wide = false, aside }: { children: ReactNode; wide?: boolean; aside?: ReactNode }) {
  if (wide) {
    return (
      <div className="min-h-screen bg-background text-foreground">
        <main className="px-3 pb-12 pt-6 sm:px-6 sm:pt-10">{children}</main>
      </div>
    );
  }
  return (
    <div className="surface-light bg-background text-foreground">
      <main
        className={
          aside
            ? 'mx-auto grid max-w-6xl items-center gap-16 px-4 pb-16 pt-8 sm:px-6 sm:pt-14 lg:grid-cols-[28rem_minmax(0,1fr)] lg:px-8 lg:pb-20'
            : 'flex justify-center px-4 pb-16 pt-8 sm:pt-14'
        }
      >
        {aside ? <div className="flex justify-center">{children}</div> : children}
        {aside}
      </main>
    </div>
  );
}
