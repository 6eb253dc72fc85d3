import { Lightbulb, Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { ConnectionIdea } from '@/lib/connection-ideas';
import { connectionLinks, seedFromIdea } from '@/lib/connection-links';
import { messages } from '@/lib/messages';

/** The saved connection ideas, newest first, each deletable. */
export function ConnectionIdeasList({
  ideas,
  onDelete,
  deleting,
}: {
  ideas: ConnectionIdea[];
  onDelete(id: string): void;
  deleting: boolean;
}) {
  return (
    <section aria-labelledby="ideas-title" className="rounded-xl border bg-card p-4">
      <h2 id="ideas-title" className="flex items-center gap-2 font-semibold">
        <Lightbulb aria-hidden className="size-4 text-amber-400" /> Connection ideas{' '}
        <span className="text-sm font-normal text-muted-foreground">({ideas.length})</span>
      </h2>
      {ideas.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No ideas yet. Press Connect Tools, then click two tools to link them.</p>
      ) : (
        <ul className="mt-3 max-h-72 space-y-2 overflow-y-auto" data-testid="ideas-list">
          {ideas.map((i) => (
            <li key={i.id} className="flex items-start gap-2 rounded-lg border bg-background/40 p-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">
                  {i.from_tool} → {i.to_tool}
                </p>
                <p className="mt-0.5 text-xs text-muted-foreground">{i.idea}</p>
                {/* issue 40: an idea (or a Connector Graph blueprint) becomes a connection that runs */}
                <Button asChild size="sm" variant="link" className="h-auto px-0 pt-1 text-xs">
                  <Link
                    to={connectionLinks.build(seedFromIdea(i))}
                    aria-label={messages.dashboard.buildConnectionFor(i.from_tool, i.to_tool)}
                  >
                    <Play aria-hidden /> {messages.dashboard.buildConnection}
                  </Link>
                </Button>
              </div>
              <Button
                size="icon"
                variant="ghost"
                className="size-8 shrink-0"
                aria-label={`Delete idea ${i.from_tool} to ${i.to_tool}`}
                disabled={deleting}
                onClick={() => onDelete(i.id)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
