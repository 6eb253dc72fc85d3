import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** A minimal page body for routes whose feature has not been built yet. */
export function PagePlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-4 px-6 py-24">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      {children}
      <Link className="text-primary underline" to={paths.home}>
        Back to the homepage
      </Link>
    </main>
  );
}
