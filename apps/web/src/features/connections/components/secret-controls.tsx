import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { connectionsMessages } from '@/lib/messages/connections';
import { toast } from '@/lib/toast';
import type { Revealed } from '../api/connections';
import { useRegenerateToken, useRotateSecret } from '../api/queries';

const m = connectionsMessages.secrets;

/** A button that asks once more before doing what cannot be undone. */
function ConfirmedAction({ label, question, busy, onConfirm }: { label: string; question: string; busy: boolean; onConfirm(): void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setAsking(true)}>
        <RefreshCw aria-hidden /> {label}
      </Button>
    );
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2 rounded-md border border-amber-400/50 p-2 text-sm">
      <span>{question}</span>
      <Button
        type="button"
        size="sm"
        disabled={busy}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {m.confirm}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(false)}>
        {connectionsMessages.form.cancel}
      </Button>
    </div>
  );
}

/** A new inbound address (webhook triggers only) and a new signing secret: each shown once, by the caller. */
export function SecretControls({
  connectionId,
  webhook,
  onRevealed,
}: {
  connectionId: string;
  webhook: boolean;
  onRevealed(r: Revealed): void;
}) {
  const fail = () => void toast.error(m.failed);
  const regenerate = useRegenerateToken({ onSuccess: onRevealed, onError: fail });
  const rotate = useRotateSecret({ onSuccess: onRevealed, onError: fail });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {webhook && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">{m.addressTitle}</h3>
          <p className="text-xs text-muted-foreground">{m.addressText}</p>
          <ConfirmedAction
            label={m.regenerate}
            question={m.regenerateConfirm}
            busy={regenerate.isPending}
            onConfirm={() => regenerate.mutate(connectionId)}
          />
        </div>
      )}
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{m.secretTitle}</h3>
        <p className="text-xs text-muted-foreground">{m.secretText}</p>
        <ConfirmedAction
          label={m.rotate}
          question={m.rotateConfirm}
          busy={rotate.isPending}
          onConfirm={() => rotate.mutate(connectionId)}
        />
      </div>
    </div>
  );
}
