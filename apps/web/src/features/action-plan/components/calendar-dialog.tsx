import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { actionPlanMessages as m } from '@/lib/messages/action-plan';
import { toast } from '@/lib/toast';
import { calendarFeed, downloadCalendar } from '../api/plan-api';

const feedKey = ['action-plan', 'calendar-feed'] as const;

/** The plan in the customer's calendar: an .ics download, and a secret feed address that can be renewed or stopped. */
export function CalendarDialog() {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const qc = useQueryClient();
  const status = useQuery({ queryKey: feedKey, queryFn: () => calendarFeed('status'), enabled: open });
  const feed = useMutation({
    mutationFn: calendarFeed,
    onSuccess: (r, action) => {
      setUrl(r.url ?? null);
      qc.setQueryData(feedKey, { active: r.active });
      if (action === 'revoke') toast.success(m.feedRevoked);
    },
    onError: () => toast.error(m.failed),
  });
  const active = status.data?.active ?? false;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <CalendarDays aria-hidden /> {m.calendar}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.calendar}</DialogTitle>
          <DialogDescription>{m.feedIntro}</DialogDescription>
        </DialogHeader>
        <Button type="button" variant="outline" onClick={() => void downloadCalendar().catch(() => toast.error(m.failed))}>
          {m.downloadIcs}
        </Button>
        {url ? (
          <div className="flex gap-2">
            <Input readOnly value={url} aria-label="Calendar feed address" onFocus={(e) => e.target.select()} />
            <Button type="button" onClick={() => void navigator.clipboard.writeText(url).then(() => toast.success(m.copied))}>
              {m.copy}
            </Button>
          </div>
        ) : (
          active && <p className="text-sm text-muted-foreground">{m.feedActive}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="gradient" disabled={feed.isPending} onClick={() => feed.mutate('create')}>
            {active ? m.feedRenew : m.feedCreate}
          </Button>
          {active && (
            <Button type="button" variant="outline" disabled={feed.isPending} onClick={() => feed.mutate('revoke')}>
              {m.feedRevoke}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
