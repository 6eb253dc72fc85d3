import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { messages } from '@/lib/messages';
import { toast } from '@/lib/toast';
import { stripeSourceQuery, StripeSourceError, useStripeSource } from './stripe-api';

const m = messages.stripeSource;
const problem = (err: unknown) => (err instanceof StripeSourceError ? err.message : m.failed);

/** Read-only Stripe (issue 42): paste a restricted key once; after that, its state, "Read now" and "Disconnect". */
export function StripeSourceForm({ userId }: { userId: string }) {
  const source = useQuery(stripeSourceQuery(userId));
  const { connect, sync, disconnect } = useStripeSource();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onConnect = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    connect.mutate(key.trim(), {
      onSuccess: (r) => {
        setKey('');
        if (r?.ok) toast.success(m.connectedToast(r.months ?? 0));
      },
      // the key stays in the field, so a typo can be corrected
      onError: (err) => setError(problem(err)),
    });
  };

  if (source.isPending) return null;
  const s = source.data;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border bg-background/40 p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {m.title}
      </h3>
      {s ? (
        <div className="mt-2 space-y-2 text-sm" data-testid="stripe-source-state">
          <p>{m.connected(s.key_hint)}</p>
          <p className="text-muted-foreground">{s.last_synced_at ? m.lastRead(s.last_synced_at) : m.neverRead}</p>
          {s.status === 'failed' && s.last_error && (
            <p role="alert" className="text-destructive">
              {s.last_error}
            </p>
          )}
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={sync.isPending}
              onClick={() =>
                sync.mutate(undefined, {
                  onSuccess: (r) => void (r?.ok ? toast.success(m.readToast) : toast.error(r?.error ?? m.failed)),
                  onError: (err) => void toast.error(problem(err)),
                })
              }
            >
              {sync.isPending ? m.reading : m.readNow}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => void toast.success(m.disconnectedToast),
                  onError: (err) => void toast.error(problem(err)),
                })
              }
            >
              {m.disconnect}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onConnect} className="mt-2 space-y-2" aria-labelledby={`${id}-title`}>
          <p className="text-xs text-muted-foreground">{m.explained}</p>
          <Label htmlFor={`${id}-key`}>{m.keyLabel}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-key`}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={m.keyPlaceholder}
              value={key}
              maxLength={300}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setKey(e.target.value)}
            />
            <Button type="submit" size="sm" variant="gradient" disabled={connect.isPending || key.trim() === ''}>
              {connect.isPending ? m.connecting : m.connect}
            </Button>
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
