import { useQuery } from '@tanstack/react-query';
import { connectionRunLimit } from '@app/shared/connections';
import { Progress } from '@/components/ui/progress';
import { connectionsMessages } from '@/lib/messages/connections';
import { usePlan } from '@/lib/plan/plan-context';
import { usageQuery } from '../api/queries';

/** "N of LIMIT runs this month": the server's counter against the plan's limit (CONNECTION_RUNS_PER_MONTH). */
export function UsageLine() {
  const usage = useQuery(usageQuery());
  const limit = connectionRunLimit(usePlan().currentPlan);
  if (usage.data === undefined) return null;
  return (
    <div className="min-w-64 space-y-1">
      <p className="text-sm font-medium" data-testid="connection-usage">
        {connectionsMessages.usage(usage.data, limit)}
      </p>
      {limit !== null && (
        <Progress
          value={Math.min(100, (usage.data / Math.max(1, limit)) * 100)}
          className="h-1.5"
          aria-label={connectionsMessages.usage(usage.data, limit)}
        />
      )}
      <p className="text-xs text-muted-foreground">{connectionsMessages.usageExplained}</p>
    </div>
  );
}
