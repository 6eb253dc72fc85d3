import { FlaskConical } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { connectionsMessages } from '@/lib/messages/connections';
import { toast } from '@/lib/toast';
import { useStartTest } from '../api/queries';
import { RunRefusedError } from '../api/runs';
import { parseJson } from '../lib/samples';

const m = connectionsMessages.test;

/** "Test" with a sample payload: the steps run for real; the run shows in the history as a test. */
export function TestPanel({ connectionId, initial, onStarted }: { connectionId: string; initial: string; onStarted(runId: string): void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const test = useStartTest({
    onSuccess: (runId) => {
      toast.success(m.started);
      onStarted(runId);
    },
    onError: (err) => setError(err instanceof RunRefusedError ? err.message : m.failed),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseJson(text);
    if (!parsed.ok) return setError(m.invalidJson(parsed.error));
    setError(null);
    test.mutate({ connectionId, payload: parsed.value });
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border bg-card p-5">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {m.title}
        </h3>
        <p className="text-sm text-muted-foreground">{m.text}</p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-payload`}>{m.payload}</Label>
        <Textarea
          id={`${id}-payload`}
          rows={8}
          spellCheck={false}
          className="font-mono text-xs"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" variant="secondary" disabled={test.isPending}>
        <FlaskConical aria-hidden /> {test.isPending ? m.running : m.run}
      </Button>
    </form>
  );
}
