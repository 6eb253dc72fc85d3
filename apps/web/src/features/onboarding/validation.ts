import { messages } from '@/lib/messages';
import type { OnboardingData, StepErrors } from './types';

/** docs/product.md#onboarding: step 2 (index 1) needs a business name, an industry and the problem solved; step 3 a goal. */
export function validateStep(step: number, d: OnboardingData): StepErrors {
  const errors: StepErrors = {};
  if (step === 1) {
    if (!d.businessName.trim()) errors.businessName = messages.onboarding.businessNameRequired;
    if (!d.industry) errors.industry = messages.onboarding.industryRequired;
    if (!d.problemSolving.trim()) errors.problemSolving = messages.onboarding.problemRequired;
  }
  if (step === 2 && d.goals.length === 0) errors.goals = messages.onboarding.goalRequired;
  return errors;
}
