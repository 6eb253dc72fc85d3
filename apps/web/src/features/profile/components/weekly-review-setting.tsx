import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { messages } from '@/lib/messages';
import { useAuth } from '@/lib/session/auth-context';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { Section } from './section';

const m = messages.weeklyReview;
const key = (userId: string | undefined) => ['profile', 'weekly-review', userId] as const;

/** The Monday weekly review e-mail (issue 42): on unless the customer turns it off here or with the mail's link. */
export function WeeklyReviewSetting() {
  const { user } = useAuth();
  const qc = useQueryClient();
  const setting = useQuery({
    queryKey: key(user?.id),
    enabled: Boolean(user),
    queryFn: async () => {
      const { data, error } = await supabase().from('profiles').select('weekly_review').eq('id', user!.id).maybeSingle();
      if (error) throw new Error(error.message);
      return data?.weekly_review ?? true;
    },
  });
  const save = useMutation({
    mutationFn: async (on: boolean) => {
      const { error } = await supabase().from('profiles').upsert({ id: user!.id, weekly_review: on });
      if (error) throw new Error(error.message);
      return on;
    },
    onSuccess: (on) => {
      qc.setQueryData(key(user?.id), on);
      toast.success(on ? m.on : m.off);
    },
    onError: () => toast.error(m.saveFailed),
  });
  return (
    <Section title={m.settingTitle} description={m.settingDescription}>
      <div className="flex items-center gap-3">
        <Switch
          id="weekly-review"
          checked={setting.data ?? true}
          disabled={setting.isPending || save.isPending}
          onCheckedChange={(on) => save.mutate(on)}
        />
        <Label htmlFor="weekly-review">{m.settingLabel}</Label>
      </div>
    </Section>
  );
}
