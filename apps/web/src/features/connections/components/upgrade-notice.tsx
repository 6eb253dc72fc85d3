import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { connectionsMessages } from '@/lib/messages/connections';
import { messages } from '@/lib/messages';
import { usePlan } from '@/lib/plan/plan-context';

export const CONNECTIONS_FEATURE = 'connect_anything_custom';
const ca = messages.connectAnything;

/** Creating a connection is gated as the Connection Planner is: the same notice and the plan options. */
export function UpgradeNotice() {
  const plan = usePlan();
  return (
    <section aria-labelledby="connections-upgrade" className="mx-auto max-w-xl rounded-lg border bg-card p-8 text-center">
      <Lock aria-hidden className="mx-auto size-10 text-amber-400" />
      <h2 id="connections-upgrade" className="mt-3 text-xl font-semibold">
        {ca.limitedFunctionality}
      </h2>
      <p className="mt-2 text-muted-foreground">
        {plan.getUpgradeMessage(CONNECTIONS_FEATURE)}. {connectionsMessages.upgradeText}
      </p>
      <Button variant="gradient" className="mt-5" onClick={() => plan.openPlanDialog('plans')}>
        {ca.viewPlanOptions}
      </Button>
    </section>
  );
}
