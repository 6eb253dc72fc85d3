import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { messages } from '@/lib/messages';
import { overridePassword } from '../api/users';

const MIN_LENGTH = 8;

/** The audited admin password override for one user (emergency-password-change). */
export function PasswordOverrideDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password.length < MIN_LENGTH) {
      setError(messages.auth.passwordTooShort);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await overridePassword(email, password);
      toast.success(messages.reset.directSucceeded);
      onClose();
    } catch (err) {
      setError(messages.reset.directFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Set a new password</DialogTitle>
            <DialogDescription>
              For <span className="font-semibold text-foreground">{email}</span>. The change is written to the security log.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="override-password">New password</Label>
            <Input
              id="override-password"
              type="password"
              autoComplete="new-password"
              value={password}
              minLength={MIN_LENGTH}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'override-error' : undefined}
            />
            {error && (
              <p id="override-error" role="alert" className="text-sm text-red-300">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" className="bg-red-700 hover:bg-red-800" disabled={busy}>
              Change password
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
