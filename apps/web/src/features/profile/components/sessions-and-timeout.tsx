import { useState } from 'react';
import { toast } from '@/lib/toast';
import { useSessionTimeout } from '@/lib/session/timeout-context';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { storeTimeoutMinutes } from '@/lib/session-markers';
import { supabase } from '@/lib/supabase';
import { Section } from './section';

const TIMEOUT_CHOICES = [15, 30, 60, 120, 240, 480] as const;

/** The inactivity timeout (stored locally, docs/product.md#session-timeout) and signing out every other device. */
export function SessionsAndTimeout() {
  const { timeoutMinutes } = useSessionTimeout();
  const [busy, setBusy] = useState(false);
  const choices = TIMEOUT_CHOICES.includes(timeoutMinutes as (typeof TIMEOUT_CHOICES)[number])
    ? TIMEOUT_CHOICES
    : [...TIMEOUT_CHOICES, timeoutMinutes].sort((a, b) => a - b);

  async function signOutOthers() {
    setBusy(true);
    const { error } = await supabase().auth.signOut({ scope: 'others' });
    setBusy(false);
    if (error) toast.error(error.message);
    else toast.success('Signed out of every other device');
  }

  return (
    <Section title="Sessions" description="How long you stay signed in while inactive, and your other devices.">
      <div className="space-y-5">
        <div className="space-y-2">
          <Label htmlFor="timeout-minutes">Sign me out after inactivity of</Label>
          <select
            id="timeout-minutes"
            className="flex h-10 w-full max-w-xs cursor-pointer rounded-md border border-input bg-background px-3 text-sm"
            value={timeoutMinutes}
            onChange={(e) => {
              storeTimeoutMinutes(Number(e.target.value));
              toast.success('Inactivity timeout saved');
            }}
          >
            {choices.map((m) => (
              <option key={m} value={m}>
                {m < 60 || m % 60 ? `${m} minutes` : `${m / 60} hour${m === 60 ? '' : 's'}`}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" onClick={() => void signOutOthers()} disabled={busy}>
          Sign out of other devices
        </Button>
      </div>
    </Section>
  );
}
