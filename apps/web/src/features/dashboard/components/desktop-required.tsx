import { Monitor } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';

/** Shown instead of the dashboard under 1024 px. */
export function DesktopRequired() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-6">
      <div role="alert" className="max-w-sm rounded-2xl border bg-card p-8 text-center shadow-2xl">
        <Monitor aria-hidden className="mx-auto size-12 text-primary" />
        <h1 className="mt-4 text-2xl font-bold">{messages.dashboard.desktopRequired}</h1>
        <p className="mt-2 text-muted-foreground">{messages.dashboard.desktopRequiredText}</p>
        <div className="mt-6 flex flex-col gap-2">
          <Button asChild variant="outline">
            <Link to={paths.user}>Edit your profile</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.home}>Back to the homepage</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
