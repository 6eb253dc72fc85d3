import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { messages } from '@/lib/messages';
import { siteSetupQuery } from '../api/queries';

const m = messages.siteSetup;

/** The operator settings the public pages show (contact details, booking and video URLs): which are still unset (names only). */
export function SiteSetupCard() {
  const setup = useQuery(siteSetupQuery());
  const missing = setup.data?.missing;
  return (
    <section aria-labelledby="site-setup" data-testid="site-setup" className="rounded-lg border bg-card p-4">
      <div className="flex items-center gap-2">
        <Globe aria-hidden className="size-4 text-primary" />
        <h2 id="site-setup" className="font-semibold">
          {m.title}
        </h2>
        {missing && (
          <Badge variant={missing.length ? 'outline' : 'success'} className="ml-auto">
            {missing.length ? m.incomplete(missing.length) : m.complete}
          </Badge>
        )}
      </div>
      {setup.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">{m.loading}</p>
      ) : setup.isError ? (
        <p className="mt-2 text-sm text-destructive">{m.failed}</p>
      ) : missing!.length ? (
        <div className="mt-2 space-y-2 text-sm">
          <p>{m.missingIntro}</p>
          <ul className="flex flex-wrap gap-1.5">
            {missing!.map((name) => (
              <li key={name}>
                <code className="rounded bg-secondary px-1.5 py-0.5 text-xs">{name}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{m.completeText}</p>
      )}
    </section>
  );
}
