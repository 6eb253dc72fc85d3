import type { PasskeyListItem } from '@supabase/supabase-js';
import { KeyRound } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describePasskeyError, passkeysSupported } from '@/lib/passkey-errors';
import { authMessages } from '@/lib/messages/auth';
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
    if (listError) return setError(authMessages.passkeys.loadFailed);
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
      if (!passkeysSupported()) return authMessages.passkeys.notSupported;
      const { error: failed } = await supabase().auth.registerPasskey();
      if (failed) return describePasskeyError(failed, 'register');
      toast.success(authMessages.passkeys.added);
      return null;
    });

  const remove = (passkeyId: string) =>
    run(async () => {
      const { error: failed } = await supabase().auth.passkey.delete({ passkeyId });
      if (failed) return authMessages.passkeys.failed;
      toast.success(authMessages.passkeys.removed);
      return null;
    });

  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    const friendlyName = renaming.name.trim().slice(0, 120);
    if (!friendlyName) return;
    return run(async () => {
      const { error: failed } = await supabase().auth.passkey.update({ passkeyId: renaming.id, friendlyName });
      if (failed) return authMessages.passkeys.failed;
      setRenaming(null);
      toast.success(authMessages.passkeys.renamed);
      return null;
    });
  };

  return (
    <Section title={authMessages.passkeys.title} description={authMessages.passkeys.description} id="passkeys">
      <div className="space-y-4">
        {error && <Alert variant="destructive">{error}</Alert>}
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">{authMessages.passkeys.none}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={authMessages.passkeys.title}>
            {passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                {renaming?.id === p.id ? (
                  <form onSubmit={rename} className="flex flex-1 flex-wrap items-end gap-2">
                    <div className="min-w-48 flex-1 space-y-1">
                      <Label htmlFor={`passkey-name-${p.id}`}>{authMessages.passkeys.nameLabel}</Label>
                      <Input
                        id={`passkey-name-${p.id}`}
                        maxLength={120}
                        required
                        value={renaming.name}
                        onChange={(e) => setRenaming({ id: p.id, name: e.target.value })}
                      />
                    </div>
                    <Button type="submit" size="sm" disabled={busy}>
                      {authMessages.passkeys.save}
                    </Button>
                    <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                      {authMessages.passkeys.cancel}
                    </Button>
                  </form>
                ) : (
                  <>
                    <div className="flex items-center gap-3">
                      <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                      <div>
                        <p className="font-medium">{p.friendly_name || authMessages.passkeys.unnamed}</p>
                        <p className="text-sm text-muted-foreground">
                          {authMessages.passkeys.createdOn(day(p.created_at))}
                          {p.last_used_at ? `, ${authMessages.passkeys.lastUsed(day(p.last_used_at))}` : ''}
                        </p>
                      </div>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        onClick={() => setRenaming({ id: p.id, name: p.friendly_name || authMessages.passkeys.unnamed })}
                      >
                        {authMessages.passkeys.rename}
                      </Button>
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => void remove(p.id)}>
                        {authMessages.passkeys.remove}
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button onClick={() => void add()} disabled={busy}>
          <KeyRound aria-hidden="true" /> {busy ? authMessages.passkeys.adding : authMessages.passkeys.add}
        </Button>
      </div>
    </Section>
  );
}
