import { useState } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { deleteAccount } from '../api/profile';
import { Section } from './section';

/** Deletes the account and all its data on the server, then signs this browser out. */
export function DeleteAccount() {
  const { signOut } = useAuth();
  const [confirmText, setConfirmText] = useState('');
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await deleteAccount();
      localStorage.clear();
      toast.success('Your account and its data have been deleted');
      await signOut();
    } catch (err) {
      toast.error(`Could not delete your account: ${err instanceof Error ? err.message : 'unknown error'}`);
      setBusy(false);
    }
  }

  return (
    <Section title="Delete account" description="Permanently delete your account, business profile and every record that belongs to you.">
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="destructive">Delete my account</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>This cannot be undone. Type DELETE to confirm.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="delete-confirm">Confirmation</Label>
            <Input id="delete-confirm" value={confirmText} onChange={(e) => setConfirmText(e.target.value)} autoComplete="off" />
          </div>
          <DialogFooter>
            <Button variant="destructive" disabled={busy || confirmText !== 'DELETE'} onClick={() => void remove()}>
              {busy ? 'Deleting...' : 'Delete permanently'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Section>
  );
}
