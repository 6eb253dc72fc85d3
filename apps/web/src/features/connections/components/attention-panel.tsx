import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { connectionLinks } from '@/lib/connection-links';
import { connectionsMessages } from '@/lib/messages/connections';
import { connectionsQuery } from '../api/queries';

const a = connectionsMessages.attention;

/** The Overview's "Connections needing attention": those whose latest run failed, each linking to its history. */
export function AttentionPanel() {
  // read afresh whenever the Overview opens: a run may have failed since the list was last read
  const list = useQuery({ ...connectionsQuery(), refetchOnMount: 'always' });
  const failing = (list.data ?? []).filter((c) => c.latest?.status === 'failed');
  if (failing.length === 0) return null;
  return (
    <section
      aria-labelledby="connections-attention"
      className="rounded-xl border border-red-400/50 bg-card p-5"
      data-testid="connections-attention"
    >
      <h2 id="connections-attention" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="size-4 text-red-300" /> {a.title}
      </h2>
      <p className="text-sm text-muted-foreground">{a.text}</p>
      <ul className="mt-3 space-y-2">
        {failing.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-background/40 px-3 py-2 text-sm">
            <Link
              to={connectionLinks.history(c.id)}
              className="inline-flex items-center gap-1 font-medium text-brand underline-offset-4 hover:underline"
              aria-label={a.open(c.name)}
            >
              {c.name} <ArrowRight aria-hidden className="size-3.5" />
            </Link>
            <span className="text-xs text-muted-foreground">{a.failedAt(c.latest!.created_at)}</span>
            {c.latest!.error && <span className="basis-full text-xs text-red-300">{c.latest!.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
