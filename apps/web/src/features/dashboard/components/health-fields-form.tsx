import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { TEAM_SIZES } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { businessProfileKeys, upsertBusinessProfile, type BusinessProfile } from '@/lib/data/business-profiles';
import { messages } from '@/lib/messages';
import { plainText } from '@/lib/plain-text';
import { toast } from '@/lib/toast';

// the column limits of 0011 business_profiles
const schema = z.object({
  business_name: plainText(200),
  industry: plainText(100),
  target_audience: plainText(10000),
  monthly_revenue: plainText(100),
  team_size: plainText(100),
});
type Fields = z.input<typeof schema>;
const KEYS = ['business_name', 'industry', 'target_audience', 'monthly_revenue'] as const;

/**
 * Issue 42 item 4: the text fields the health score counts (docs/product.md#business-health-score), editable where
 * the score is shown, so it can reach 100 % (stage and goals have their own editors and the onboarding).
 */
export function HealthFieldsForm({ userId, profile }: { userId: string | undefined; profile: BusinessProfile | null }) {
  const qc = useQueryClient();
  const idp = useId();
  const m = messages.dashboard.healthFields;
  const [fields, setFields] = useState<Fields>({
    business_name: profile?.business_name ?? '',
    industry: profile?.industry ?? '',
    target_audience: profile?.target_audience ?? '',
    monthly_revenue: profile?.monthly_revenue ?? '',
    team_size: profile?.team_size ?? '',
  });
  const save = useMutation({
    mutationFn: (f: Fields) => {
      const v = schema.parse(f);
      // an emptied field is stored as null, as the onboarding does
      return upsertBusinessProfile(userId!, Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim() || null])));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: businessProfileKeys.all }),
  });

  return (
    <form
      aria-label={m.title}
      className="mt-5 space-y-3 border-t pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(fields, {
          onSuccess: () => void toast.success(messages.dashboard.profileSaved),
          onError: () => void toast.error(messages.dashboard.saveFailed),
        });
      }}
    >
      <h3 className="text-sm font-medium">{m.title}</h3>
      {KEYS.map((k) => (
        <div key={k}>
          <Label htmlFor={`${idp}-${k}`}>{m.labels[k]}</Label>
          <Input
            id={`${idp}-${k}`}
            value={fields[k]}
            placeholder={m.placeholders[k]}
            onChange={(e) => setFields((f) => ({ ...f, [k]: e.target.value }))}
          />
        </div>
      ))}
      <div>
        <Label htmlFor={`${idp}-team`}>{m.labels.team_size}</Label>
        <select
          id={`${idp}-team`}
          className="flex h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-sm"
          value={fields.team_size}
          onChange={(e) => setFields((f) => ({ ...f, team_size: e.target.value }))}
        >
          <option value="">{m.notSet}</option>
          {TEAM_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" className="w-full" disabled={!userId || save.isPending}>
        {m.save}
      </Button>
    </form>
  );
}
