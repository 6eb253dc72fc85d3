import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Play, Workflow } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { INTEGRATION_CATEGORIES } from '@app/shared';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DuplicateConnectionIdeaError, useCreateConnectionIdea, type ConnectionIdea } from '@/lib/connection-ideas';
import { connectionLinks, seedFromIdea } from '@/lib/connection-links';
import { messages } from '@/lib/messages';
import { catalogueIndexQuery } from '../api/queries';
import { connectorPath, OUTCOMES, type OutcomeId } from '../lib/connector-path';
import { SignInNotice } from './sign-in-notice';
import { CategoryIcon } from '@/components/category-icon';

/** Connector Graph: a source app and an outcome give a suggested path through catalogue apps, saved as a blueprint. */
export function ConnectorGraphTab() {
  const { isSignedIn } = useAuth();
  const catalogue = useQuery(catalogueIndexQuery());
  const [source, setSource] = useState<string>('');
  const [outcome, setOutcome] = useState<OutcomeId | ''>('');
  const path = source && outcome ? connectorPath(catalogue.data ?? [], source, outcome) : [];
  const outcomeLabel = OUTCOMES.find((o) => o.id === outcome)?.label ?? '';
  // the blueprint just saved: it can be built into a connection that runs (issue 40)
  const [saved, setSaved] = useState<ConnectionIdea | null>(null);
  const save = useCreateConnectionIdea({
    onSuccess: (idea) => {
      setSaved(idea);
      toast.success(messages.connectAnything.blueprintSaved);
    },
    onError: (e) =>
      void toast.error(
        e instanceof DuplicateConnectionIdeaError ? messages.connectAnything.blueprintDuplicate : messages.connectAnything.blueprintFailed,
      ),
  });
  const saveBlueprint = () =>
    save.mutate({
      from: path[0]!.name,
      to: path[path.length - 1]!.name,
      idea: `Blueprint to ${outcomeLabel.toLowerCase()}: ${path.map((p) => p.name).join(' → ')}`,
    });
  const apps = [...(catalogue.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <section aria-label="Connector Graph" className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="graph-source">Source application</Label>
          <Select value={source} onValueChange={setSource}>
            <SelectTrigger id="graph-source">
              <SelectValue placeholder="Choose an app" />
            </SelectTrigger>
            <SelectContent>
              {apps.map((a) => (
                <SelectItem key={a.id} value={a.id}>
                  {a.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="graph-outcome">Desired outcome</Label>
          <Select value={outcome} onValueChange={(v) => setOutcome(v as OutcomeId)}>
            <SelectTrigger id="graph-outcome">
              <SelectValue placeholder="Choose an outcome" />
            </SelectTrigger>
            <SelectContent>
              {OUTCOMES.map((o) => (
                <SelectItem key={o.id} value={o.id}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <figure className="rounded-lg border bg-card p-6" aria-label="Suggested connection path">
        {path.length > 0 ? (
          <ol className="flex flex-col items-center gap-3 md:flex-row md:flex-wrap md:justify-center" data-testid="graph-path">
            {path.map((p, i) => (
              <Fragment key={p.id}>
                {i > 0 && <ArrowRight aria-hidden className="size-5 rotate-90 text-accent md:rotate-0" />}
                <li className="flex min-w-36 flex-col items-center rounded-xl border border-primary/40 bg-gradient-to-b from-primary/15 to-transparent px-4 py-3 text-center">
                  <CategoryIcon category={p.category} className="size-6" />
                  <span className="font-semibold">{p.name}</span>
                  <span className="text-xs text-muted-foreground">{i === 0 ? 'Source' : INTEGRATION_CATEGORIES[p.category]}</span>
                </li>
              </Fragment>
            ))}
            <ArrowRight aria-hidden className="size-5 rotate-90 text-accent md:rotate-0" />
            <li className="rounded-xl border border-dashed border-accent/60 px-4 py-3 text-center text-sm font-medium text-accent">
              {outcomeLabel}
            </li>
          </ol>
        ) : (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-muted-foreground">
            <Workflow aria-hidden className="size-8" />
            <p>Choose a source application and a desired outcome to see a suggested path.</p>
          </div>
        )}
      </figure>

      {isSignedIn ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="gradient" disabled={path.length < 2 || save.isPending} onClick={saveBlueprint}>
            Create Connection Blueprint
          </Button>
          {saved && (
            <Button asChild variant="outline">
              <Link to={connectionLinks.build(seedFromIdea(saved))}>
                <Play aria-hidden /> {messages.dashboard.buildConnection}
              </Link>
            </Button>
          )}
        </div>
      ) : (
        <SignInNotice what="saving a blueprint" />
      )}
    </section>
  );
}
