import type { ReactNode } from 'react';

/**
 * The page around the auth card: light surface (docs/product.md#top-navigation: dark navigation text on /sign-in and /sign-up);
 * the wide (wizard) layout keeps the product's dark surface. The site's navigation bar is fixed above it.
 */
export function AuthPageShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={`${wide ? '' : 'surface-light '}min-h-screen bg-background text-foreground`}>
      <main className={wide ? 'px-3 pb-12 pt-6 sm:px-6 sm:pt-10' : 'flex justify-center px-4 pb-16 pt-8 sm:pt-14'}>{children}</main>
    </div>
  );
}
