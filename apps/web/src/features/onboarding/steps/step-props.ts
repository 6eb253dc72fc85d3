import type { OnboardingData, StepErrors } from '../types';

export interface StepProps {
  data: OnboardingData;
  errors: StepErrors;
  update<K extends keyof OnboardingData>(key: K, value: OnboardingData[K]): void;
}

/** Adds or removes one value of a list field. */
export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
