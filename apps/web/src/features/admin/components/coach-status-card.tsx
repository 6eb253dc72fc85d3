import { useQuery } from '@tanstack/react-query';
import { Bot } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { coachMessages } from '@/lib/messages/coach';
import { coachStatusQuery } from '../api/queries';

/** The AI coach's configuration at a glance; when it is off, the settings to add (names only, never values). */
export function CoachStatusCard() {
  const status = useQuery(coachStatusQuery());
  const s = status.data;
  return (
    <section aria-labelledby="coach-status" data-testid="coach-status" className="rounded-lg border bg-card p-4">
      <div className="flex items-center gap-2">
        <Bot aria-hidden className="size-4 text-primary" />
        <h2 id="coach-status" className="font-semibold">
          AI coach
        </h2>
        {s && (
          <Badge variant={s.configured ? 'success' : 'outline'} className="ml-auto">
            {s.configured ? 'Configured' : 'Not configured'}
          </Badge>
        )}
      </div>
      {status.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading...</p>
      ) : status.isError ? (
        <p className="mt-2 text-sm text-destructive">Could not read the coach's status.</p>
      ) : s!.configured ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Provider</dt>
          <dd>{s!.provider}</dd>
          <dt className="text-muted-foreground">Model</dt>
          <dd className="font-mono text-xs leading-5">{s!.model}</dd>
          <dt className="text-muted-foreground">Enhanced model (Pro)</dt>
          <dd className="font-mono text-xs leading-5">{s!.enhancedModel ?? `${s!.model} (AI_MODEL_ENHANCED not set)`}</dd>
        </dl>
      ) : (
        <div className="mt-2 space-y-2 text-sm">
          <p>Customers see "{coachMessages.notConfiguredTitle}" in every door. Set these in the server's environment and restart:</p>
          <ul className="flex flex-wrap gap-1.5">
            {s!.missing.map((m) => (
              <li key={m}>
                <code className="rounded bg-secondary px-1.5 py-0.5 text-xs">{m}</code>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            AI_PROVIDER is one of openai, anthropic, google, mistral or openai-compatible (with AI_BASE_URL). The configuration table in
            docs/configuration.md has the details.
          </p>
        </div>
      )}
    </section>
  );
}
