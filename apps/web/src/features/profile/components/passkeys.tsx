import type { PasskeyListItem } from '@supabase/supabase-js';
import { KeyRound } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describePasskeyError, passkeysSupported } from '@/lib/passkey-errors';
import { messages } from '@/lib/messages';
import { supabase } from '@/lib/supabase';
import { Section } from './section';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Issue 14: the signed-in user's passkeys (add, rename, remove) through supabase-js's passkey API. */
export function Passkeys() {
  const [passkeys, setPasskeys] = useState<PasskeyListItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);

  const refresh = useCallback(async () => {
    const { data, error: listError } = await supabase().auth.passkey.list();
    if (listError) return setError(messages.passkeys.loadFailed);
    setPasskeys(data);
  }, []);
  useEffect(() => {
    supabase()
      .auth.passkey.list()
      .then(({ data }) => data && setPasskeys(data));
  }, []);

  async function run(action: () => Promise<string | null>) {
    setError(null);
    setBusy(true);
    try {
      const failed = await action();
      if (failed) setError(failed);
      else await refresh();
    } finally {
      setBusy(false);
    }
  }

  const add = () =>
    run(async () => {
      if (!passkeysSupported()) return messages.passkeys.notSupported;
      const { error: failed } = await supabase().auth.registerPasskey();
      if (failed) return describePasskeyError(failed, 'register');
      toast.success(messages.passkeys.added);
      return null;
    });

  const remove = (passkeyId: string) =>
    run(async () => {
      const { error: failed } = await supabase().auth.passkey.delete({ passkeyId });
      if (failed) return messages.passkeys.failed;
      toast.success(messages.passkeys.removed);
      return null;
    });

  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    const friendlyName = renaming.name.trim().slice(0, 120);
    if (!friendlyName) return;
    return run(async () => {
      const { error: failed } = await supabase().auth.passkey.update({ passkeyId: renaming.id, friendlyName });
      if (failed) return messages.passkeys.failed;
      setRenaming(null);
      toast.success(messages.passkeys.renamed);
      return null;
    });
  };

  return (
    <Section title={messages.passkeys.title} description={messages.passkeys.description} id="passkeys">
      <div className="space-y-4">
        {error && <Alert variant="destructive">{error}</Alert>}
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">{messages.passkeys.none}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={messages.passkeys.title}>
            {passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                {renaming?.id === p.id ? (
                  <form onSubmit={rename} className="flex flex-1 flex-wrap items-end gap-2">
                    <div className="min-w-48 flex-1 space-y-1">
                      <Label htmlFor={`passkey-name-${p.id}`}>{messages.passkeys.nameLabel}</Label>
                      <Input
                        id={`passkey-name-${p.id}`}
                        maxLength={120}
                        required
                        value={renaming.name}
                        onChange={(e) => setRenaming({ id: p.id, name: e.target.value })}
                      />
                    </div>
                    <Button type="submit" size="sm" disabled={busy}>
                      {messages.passkeys.save}
                    </Button>
                    <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                      {messages.passkeys.cancel}
                    </Button>
                  </form>
                ) : (
                  <>
                    <div className="flex items-center gap-3">
                      <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                      <div>
                        <p className="font-medium">{p.friendly_name || messages.passkeys.unnamed}</p>
                        <p className="text-sm text-muted-foreground">
                          {messages.passkeys.createdOn(day(p.created_at))}
                          {p.last_used_at ? `, ${messages.passkeys.lastUsed(day(p.last_used_at))}` : ''}
                        </p>
                      </div>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        onClick={() => setRenaming({ id: p.id, name: p.friendly_name || messages.passkeys.unnamed })}
                      >
                        {messages.passkeys.rename}
                      </Button>
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => void remove(p.id)}>
                        {messages.passkeys.remove}
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button onClick={() => void add()} disabled={busy}>
          <KeyRound aria-hidden="true" /> {busy ? messages.passkeys.adding : messages.passkeys.add}
        </Button>
      </div>
    </Section>
  );
}
