import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { connectionsMessages } from '@/lib/messages/connections';
import { runtimeConfig } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import type { Revealed } from '../api/connections';

const m = connectionsMessages.secrets;

/** The public address of a connection's inbound webhook (the server's own origin: SITE_URL). */
export const hookUrl = (token: string) => `${runtimeConfig().supabaseUrl.replace(/\/+$/, '')}/hooks/v1/${token}`;

function Secret({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(m.copyFailed);
    }
  };
  return (
    <div className="space-y-1.5">
      <p id={`${id}-label`} className="text-sm font-medium">
        {label}
      </p>
      <div className="flex items-stretch gap-2">
        <code
          aria-labelledby={`${id}-label`}
          className="min-w-0 flex-1 select-all break-all rounded-md border bg-background px-3 py-2 font-mono text-xs leading-5"
          data-testid="shown-once-value"
        >
          {value}
        </code>
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label={m.copy(label)}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? m.copied : m.copyButton}
        </Button>
      </div>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** The inbound address and the signing secret, as the server answered them once, with copy buttons. */
export function ShownOnce({ revealed, onDone }: { revealed: Revealed; onDone(): void }) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-amber-400/60 bg-amber-400/10 p-5"
      data-testid="shown-once"
    >
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-300" />
        <div>
          <h3 id={`${id}-title`} className="font-semibold">
            {m.title}
          </h3>
          <p className="text-sm text-muted-foreground">{m.text}</p>
        </div>
      </div>
      {revealed.token && <Secret label={m.address} value={hookUrl(revealed.token)} />}
      {revealed.secret && <Secret label={m.secret} value={revealed.secret} hint={m.secretHint} />}
      <Button type="button" onClick={onDone}>
        {m.done}
      </Button>
    </section>
  );
}
