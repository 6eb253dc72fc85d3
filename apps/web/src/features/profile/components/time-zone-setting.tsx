import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { WEEKLY_REVIEW_DEFAULT_TIME_ZONE } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { messages } from '@/lib/messages';
import { useAuth } from '@/lib/session/auth-context';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { Section } from './section';

const m = messages.emailSettings.timeZone;
const key = (userId: string | undefined) => ['profile', 'time_zone', userId] as const;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, with the saved one kept even if this browser does not list it. */
function zoneList(saved: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(saved) ? all : [saved, ...all];
}

/** The time zone our own mails keep to (the Monday weekly review at 08:00); unset means Europe/London. */
export function TimeZoneSetting() {
  const id = useId();
  const { user } = useAuth();
  const qc = useQueryClient();
  const saved = useQuery({
    queryKey: key(user?.id),
    enabled: Boolean(user),
    queryFn: async () => {
      const { data, error } = await supabase().from('profiles').select('time_zone').eq('id', user!.id).maybeSingle();
      if (error) throw new Error(error.message);
      return data?.time_zone ?? null;
    },
  });
  const [choice, setChoice] = useState<string | null>(null);
  const current = saved.data ?? WEEKLY_REVIEW_DEFAULT_TIME_ZONE;
  const value = choice ?? current;
  const zones = useMemo(() => zoneList(value), [value]);
  const save = useMutation({
    mutationFn: async (zone: string) => {
      const { error } = await supabase().from('profiles').upsert({ id: user!.id, time_zone: zone });
      if (error) throw new Error(error.message);
      return zone;
    },
    onSuccess: (zone) => {
      qc.setQueryData(key(user?.id), zone);
      setChoice(null);
      toast.success(m.saved(zone));
    },
    onError: () => toast.error(messages.emailSettings.saveFailed),
  });
  const here = browserZone();
  return (
    <Section title={m.title} description={m.description}>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(value);
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={id}>{m.label}</Label>
          <select
            id={id}
            className="flex h-10 min-w-64 cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-sm"
            value={value}
            disabled={saved.isPending}
            onChange={(e) => setChoice(e.target.value)}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={save.isPending || value === current}>
          {m.save}
        </Button>
        {here !== value && zones.includes(here) && (
          <Button type="button" variant="outline" onClick={() => setChoice(here)}>
            {m.useThisDevice(here)}
          </Button>
        )}
      </form>
    </Section>
  );
}
