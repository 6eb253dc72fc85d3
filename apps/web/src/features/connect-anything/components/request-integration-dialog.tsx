import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { clientRateLimiter } from '@/lib/client-rate-limit';
import { messages } from '@/lib/messages';
import { useAuth } from '@/lib/session/auth-context';
import { useSubmitIntegrationRequest } from '../api/requests';
import { SignInNotice, SignInToSendLink } from './sign-in-notice';

const empty = { service_name: '', description: '', use_case: '' };

/**
 * 'Request Integration': service name, description and use case, all required; saved for the operators. A visitor sees
 * the same form, told up front that sending it needs an account, with a sign-in link in place of the submit button.
 */
export function RequestIntegrationDialog({
  open,
  onOpenChange,
  serviceName = '',
}: {
  open: boolean;
  onOpenChange(o: boolean): void;
  serviceName?: string;
}) {
  const { isSignedIn } = useAuth();
  const [form, setForm] = useState({ ...empty, service_name: serviceName });
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitIntegrationRequest({
    onSuccess: () => {
      toast.success(messages.connectAnything.requestSubmitted);
      setForm(empty);
      onOpenChange(false);
    },
    onError: () => setError(messages.connectAnything.requestFailed),
  });
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setError(null);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.service_name.trim() || !form.description.trim() || !form.use_case.trim()) {
      setError(messages.planner.fillAllFields);
      return;
    }
    if (!clientRateLimiter.attempt('integration-request', 5, 60_000)) {
      setError(messages.connectAnything.requestFailed);
      return;
    }
    submit.mutate(form);
  };
  const invalid = (v: string) => (error === messages.planner.fillAllFields && !v.trim()) || undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Request Integration</DialogTitle>
          <DialogDescription>Tell us which service you need. Our team reviews every request.</DialogDescription>
        </DialogHeader>
        {!isSignedIn && <SignInNotice what="sending a request" action={false} />}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="req-service">Service name</Label>
            <Input
              id="req-service"
              required
              aria-invalid={invalid(form.service_name)}
              value={form.service_name}
              onChange={set('service_name')}
              maxLength={200}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="req-description">Service description</Label>
            <Textarea
              id="req-description"
              required
              aria-invalid={invalid(form.description)}
              value={form.description}
              onChange={set('description')}
              maxLength={10000}
              rows={3}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="req-use-case">Use case</Label>
            <Textarea
              id="req-use-case"
              required
              aria-invalid={invalid(form.use_case)}
              value={form.use_case}
              onChange={set('use_case')}
              maxLength={10000}
              rows={3}
              placeholder="What would you automate with it?"
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            {isSignedIn ? (
              <Button type="submit" variant="gradient" disabled={submit.isPending}>
                {submit.isPending ? 'Submitting...' : 'Submit Request'}
              </Button>
            ) : (
              <SignInToSendLink label={messages.connectAnything.signInToSend} size="default" />
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
