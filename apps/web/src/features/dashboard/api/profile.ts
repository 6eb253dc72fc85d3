import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { businessProfileKeys, upsertBusinessProfile } from '@/lib/data/business-profiles';
import { profileKeys, savePersonName } from '@/lib/data/profiles';
import { plainText } from '@/lib/plain-text';

export { businessProfileQuery, type BusinessProfile } from '@/lib/data/business-profiles';
export { personNameQuery } from '@/lib/data/profiles';

/** The Brain's AI switch (business_profiles.ai_features_enabled). */
export function useSaveAiFeatures(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => upsertBusinessProfile(userId!, { ai_features_enabled: enabled }),
    onSettled: () => qc.invalidateQueries({ queryKey: businessProfileKeys.all }),
  });
}

export const BUSINESS_STAGES = ['startup', 'growth', 'established'] as const;
export type BusinessStage = (typeof BUSINESS_STAGES)[number];

/** The Dashboard view's stage correction (business_profiles.business_stage; the table checks the same three values). */
export function useSaveBusinessStage(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (stage: BusinessStage) => upsertBusinessProfile(userId!, { business_stage: z.enum(BUSINESS_STAGES).parse(stage) }),
    onSettled: () => qc.invalidateQueries({ queryKey: businessProfileKeys.all }),
  });
}

const name = plainText(100);
export const personNameSchema = z.object({ firstName: name, surname: name });

/** The Brain's profile form (profiles.first_name, surname), checked before it is sent. */
export function useSavePersonName(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof personNameSchema>) => savePersonName(userId!, personNameSchema.parse(input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
