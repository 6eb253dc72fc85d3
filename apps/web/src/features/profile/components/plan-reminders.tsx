import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useAuth } from '@/lib/session/auth-context';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { Section } from './section';

const key = (userId: string | undefined) => ['profile', 'plan-reminders', userId] as const;

/** The day-before e-mail of 90-day plan tasks (issue 39): on unless the customer turns it off here. */
export function PlanReminders() {
  const { user } = useAuth();
  const qc = useQueryClient();
  const setting = useQuery({
    queryKey: key(user?.id),
    enabled: Boolean(user),
    queryFn: async () => {
      const { data, error } = await supabase().from('profiles').select('plan_reminders').eq('id', user!.id).maybeSingle();
      if (error) throw new Error(error.message);
      return data?.plan_reminders ?? true;
    },
  });
  const save = useMutation({
    mutationFn: async (on: boolean) => {
      const { error } = await supabase().from('profiles').upsert({ id: user!.id, plan_reminders: on });
      if (error) throw new Error(error.message);
      return on;
    },
    onSuccess: (on) => {
      qc.setQueryData(key(user?.id), on);
      toast.success(on ? 'Plan reminders on' : 'Plan reminders off');
    },
    onError: () => toast.error('Could not save that setting. Please try again.'),
  });
  return (
    <Section title="Plan reminders" description="An e-mail the day before tasks in your 90-day plan are due, at most one a day.">
      <div className="flex items-center gap-3">
        <Switch
          id="plan-reminders"
          checked={setting.data ?? true}
          disabled={setting.isPending || save.isPending}
          onCheckedChange={(on) => save.mutate(on)}
        />
        <Label htmlFor="plan-reminders">Send me a reminder the day before plan tasks are due</Label>
      </div>
    </Section>
  );
}
