import { paths } from '@/lib/paths';

export type OnboardingStatus = 'unknown' | 'pending' | 'done';

/**
 * The one onboarding rule (docs/product.md#onboarding, issue 14 item 5): a signed-in user must finish onboarding
 * until their business profile says it is completed (no row yet counts as unfinished).
 */
export function mustFinishOnboarding(profile: { onboarding_completed: boolean | null } | null): boolean {
  return !profile?.onboarding_completed;
}

/**
 * Where a signed-in user goes for "the app": the wizard (on /sign-up) while onboarding is unfinished, else /dashboard.
 * An operator (app_metadata.role 'admin') with no finished business profile goes to the console instead (issue 44):
 * operators who also use the app have finished onboarding, and land on /dashboard like everyone else.
 */
export function homeFor(status: OnboardingStatus, { operator = false }: { operator?: boolean } = {}): string {
  if (status === 'pending') return operator ? paths.admin : paths.signUp;
  return paths.dashboard;
}

/** Whether the signed-in user is an operator; only for choosing a landing page, the server checks the role itself. */
export const isOperator = (user: { app_metadata?: Record<string, unknown> } | null | undefined): boolean =>
  user?.app_metadata?.role === 'admin';
