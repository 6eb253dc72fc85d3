import { ClipboardList, PlugZap, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { RequestIntegrationDialog } from './request-integration-dialog';
import { SignInNotice } from './sign-in-notice';

const STEPS = [
  {
    icon: ClipboardList,
    title: 'Tell us what you need',
    text: 'Request a service that is not in the catalogue yet, with how you would use it.',
  },
  { icon: Wrench, title: 'We review and build', text: 'Our team reviews every request and builds the most wanted integrations first.' },
  { icon: PlugZap, title: 'Connect and automate', text: 'Once live, it appears in the marketplace and on your dashboard builder.' },
];

/** Make Connections: how requests work, and the 'Request Integration' dialog. */
export function MakeConnectionsTab({ onPlan }: { onPlan(): void }) {
  const { isSignedIn } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Make Connections" className="space-y-6">
      <ol className="grid gap-3 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title} className="rounded-lg border bg-card p-5">
            <s.icon aria-hidden className="size-6 text-accent" />
            <h2 className="mt-3 font-semibold">
              {i + 1}. {s.title}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="gradient" onClick={() => setOpen(true)}>
          Request Integration
        </Button>
        <Button variant="outline" onClick={onPlan}>
          Plan a connection between two apps
        </Button>
      </div>
      {!isSignedIn && <SignInNotice what="requesting an integration" />}
      <RequestIntegrationDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}
