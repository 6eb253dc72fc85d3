import { Switch } from '@/components/ui/switch';
import { connectionsMessages } from '@/lib/messages/connections';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import type { Connection } from '../api/connections';
import { useUpdateConnection } from '../api/queries';
import { describeTrigger } from '../lib/describe';
import { StatusBadge } from './status-badge';

const l = connectionsMessages.list;
const d = connectionsMessages.detail;

/** The customer's connections: name, trigger, on/off switch and the latest run's outcome; one is open beside it. */
export function ConnectionList({
  items,
  selected,
  onSelect,
}: {
  items: Connection[];
  selected: string | null;
  onSelect(id: string): void;
}) {
  const toggle = useUpdateConnection({
    onSuccess: (_r, v) => {
      const name = items.find((c) => c.id === v.id)?.name ?? '';
      toast.success(v.patch.enabled ? d.switchedOn(name) : d.switchedOff(name));
    },
    onError: () => void toast.error(d.switchFailed),
  });
  return (
    <ul aria-label={l.label} className="space-y-2" data-testid="connection-list">
      {items.map((c) => {
        const pending = toggle.isPending && toggle.variables?.id === c.id;
        const on = pending ? Boolean(toggle.variables?.patch.enabled) : c.enabled;
        return (
          <li
            key={c.id}
            className={cn(
              'flex items-start gap-3 rounded-lg border bg-card p-3 transition-colors',
              selected === c.id ? 'border-primary ring-1 ring-primary/50' : 'hover:border-primary/50',
            )}
          >
            <button
              type="button"
              className="min-w-0 flex-1 cursor-pointer text-left"
              aria-current={selected === c.id ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
            >
              <span className="block truncate font-medium">{c.name}</span>
              <span className="block truncate text-xs text-muted-foreground">{describeTrigger(c.trigger)}</span>
              <span className="mt-1.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                {l.lastRun}: <StatusBadge status={c.latest?.status ?? null} />
              </span>
            </button>
            <Switch
              aria-label={l.switchLabel(c.name)}
              checked={on}
              disabled={pending}
              onCheckedChange={(enabled) => toggle.mutate({ id: c.id, patch: { enabled } })}
            />
          </li>
        );
      })}
    </ul>
  );
}
