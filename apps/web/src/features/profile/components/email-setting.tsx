import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { messages } from '@/lib/messages';
import { useAuth } from '@/lib/session/auth-context';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { Section } from './section';

/** The profile switches for e-mails we send on our own: plan reminders (issue 39) and the weekly review (issue 42). */
const SETTINGS = {
  plan_reminders: messages.emailSettings.planReminders,
  weekly_review: messages.emailSettings.weeklyReview,
} as const;
type EmailSettingColumn = keyof typeof SETTINGS;

const key = (column: EmailSettingColumn, userId: string | undefined) => ['profile', column, userId] as const;

/** One e-mail the customer can turn off: on unless they turned it off here (or with the mail's own link). */
export function EmailSetting({ column }: { column: EmailSettingColumn }) {
  const m = SETTINGS[column];
  const { user } = useAuth();
  const qc = useQueryClient();
  const setting = useQuery({
    queryKey: key(column, user?.id),
    enabled: Boolean(user),
    queryFn: async () => {
      const { data, error } = await supabase().from('profiles').select(column).eq('id', user!.id).maybeSingle();
      if (error) throw new Error(error.message);
      return (data as Record<EmailSettingColumn, boolean | null> | null)?.[column] ?? true;
    },
  });
  const save = useMutation({
    mutationFn: async (on: boolean) => {
      const row: { id: string } & Partial<Record<EmailSettingColumn, boolean>> = { id: user!.id };
      row[column] = on;
      const { error } = await supabase().from('profiles').upsert(row);
      if (error) throw new Error(error.message);
      return on;
    },
    onSuccess: (on) => {
      qc.setQueryData(key(column, user?.id), on);
      toast.success(on ? m.on : m.off);
    },
    onError: () => toast.error(messages.emailSettings.saveFailed),
  });
  const id = column.replace('_', '-');
  return (
    <Section title={m.title} description={m.description}>
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={setting.data ?? true}
          disabled={setting.isPending || save.isPending}
          onCheckedChange={(on) => save.mutate(on)}
        />
        <Label htmlFor={id}>{m.label}</Label>
      </div>
    </Section>
  );
}
