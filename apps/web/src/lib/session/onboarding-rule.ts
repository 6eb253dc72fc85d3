import { paths } from '@/lib/paths';

export type OnboardingStatus = 'unknown' | 'pending' | 'done';

/**
 * The one onboarding rule (docs/product.md#onboarding, issue 14 item 5): a signed-in user must finish onboarding
 * until their business profile says it is completed (no row yet counts as unfinished).
 */
export function mustFinishOnboarding(profile: { onboarding_completed: boolean | null } | null): boolean {
  return !profile?.onboarding_completed;
}

/** Where a signed-in user goes for "the app": the wizard (on /sign-up) while onboarding is unfinished, else /dashboard. */
export function homeFor(status: OnboardingStatus): string {
  return status === 'pending' ? paths.signUp : paths.dashboard;
}
