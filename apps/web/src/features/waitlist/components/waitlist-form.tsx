import { Loader2, LogIn, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useAnalytics } from '@/lib/analytics/analytics-context';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { clientRateLimiter } from '@/lib/client-rate-limit';
import { publicMessages } from '@/lib/messages/public';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { paths } from '@/lib/paths';
import { validateEmail, validateText } from '@/lib/security-input';
import type { JoinResult } from '../api/join-waitlist';
import { firstNameOf, saveWaitlistUser } from '../waitlist-storage';

/** The browser spares the server obvious repeats; the server enforces its own per-IP limit. */
const CLIENT_LIMIT = { attempts: 5, windowMs: 60_000 } as const;
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

/** docs/product.md#waitlist: full name and e-mail, 'Join Exclusive Waitlist'; on success the position is stored and reported. */
export function WaitlistForm({ onJoined }: { onJoined: (position: number) => void }) {
  const navigate = useNavigate();
  const analytics = useAnalytics();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState<{ name?: boolean; email?: boolean }>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const cleanName = name.trim();
    if (!cleanName || !email.trim()) {
      setInvalid({ name: !cleanName, email: !email.trim() });
      toast.error(publicMessages.waitlist.fillAllFields);
      return;
    }
    const nameCheck = validateText(cleanName, 200);
    const emailCheck = validateEmail(email);
    if (!nameCheck.valid || !emailCheck.valid) {
      setInvalid({ name: !nameCheck.valid, email: !emailCheck.valid });
      toast.error(!emailCheck.valid ? emailCheck.error : nameCheck.valid ? publicMessages.waitlist.failed : nameCheck.error);
      return;
    }
    setInvalid({});
    if (!clientRateLimiter.attempt('waitlist', CLIENT_LIMIT.attempts, CLIENT_LIMIT.windowMs)) {
      toast.error(TOO_MANY);
      return;
    }
    setSubmitting(true);
    // Loaded on the first send: its zod answer check is not part of the page's first visit (decision 0060). A chunk
    // that fails to load is a failed join.
    const result: JoinResult = await import('../api/join-waitlist').then(
      (m) => m.joinWaitlist({ name: nameCheck.value, email: emailCheck.value }),
      () => ({ ok: false, reason: 'failed' }),
    );
    setSubmitting(false);
    if (!result.ok) {
      if (result.reason === 'duplicate') toast.error(publicMessages.waitlist.duplicate);
      else if (result.reason === 'rate_limited') toast.error(TOO_MANY);
      else toast.error(publicMessages.waitlist.failed);
      if (result.reason === 'failed') analytics.track('error', { where: 'waitlist_join' });
      return;
    }
    saveWaitlistUser({ firstName: firstNameOf(nameCheck.value), email: emailCheck.value, waitlistPosition: result.position });
    analytics.track('waitlist_signup', { position: result.position, source: 'join_waiting_list_page' });
    toast.success(publicMessages.waitlist.joined(result.position));
    onJoined(result.position);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Join the waitlist">
      <div className="flex flex-col gap-2">
        <Label htmlFor="waitlist-name">Full name</Label>
        <Input
          id="waitlist-name"
          name="name"
          autoComplete="name"
          placeholder="Jane Smith"
          ref={useTypedBeforeHydration(setName)}
          value={name}
          maxLength={200}
          aria-invalid={invalid.name || undefined}
          disabled={submitting}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="waitlist-email">Email address</Label>
        <Input
          id="waitlist-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="jane@company.co.uk"
          ref={useTypedBeforeHydration(setEmail)}
          value={email}
          maxLength={320}
          aria-invalid={invalid.email || undefined}
          disabled={submitting}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <Button type="submit" variant="gradient" size="lg" disabled={submitting} className="w-full">
        {submitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
        Join Exclusive Waitlist
      </Button>
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={() => navigate(paths.signIn)}>
        <LogIn aria-hidden="true" />
        Sign In to Dashboard
      </Button>
    </form>
  );
}
