import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';

/** The light page around the auth card (part 1 §2: dark navigation text on /sign-in and /sign-up). */
export function AuthPageShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  // the wide (wizard) layout keeps the product's dark surface
  return (
    <div className={`${wide ? '' : 'surface-light '}min-h-screen bg-background text-foreground`}>
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Link to={paths.home} className="text-lg font-bold tracking-tight text-foreground">
          {runtimeConfig().brandName}
        </Link>
        <Link to={paths.home} className="text-sm font-medium text-muted-foreground hover:text-foreground">
          Back to home
        </Link>
      </header>
      <main className={wide ? 'px-3 pb-12 sm:px-6' : 'flex justify-center px-4 pb-16 pt-4 sm:pt-10'}>{children}</main>
    </div>
  );
}
