import { DEFAULT_PREFERENCES, type GoalId, type KeyMetricId, type OnboardingPreferences } from '@app/shared';
import type { ReactNode } from 'react';

/** docs/product.md#onboarding: the onboarding answers, as the wizard and the voice tools edit them. */
export interface OnboardingData {
  businessName: string;
  industry: string;
  businessStory: string;
  problemSolving: string;
  productService: string;
  goals: GoalId[];
  businessTargets: string;
  marketingStrategy: string;
  salesStrategy: string;
  challenges: string[];
  fundingSource: string;
  financialManagement: string;
  teamSize: string;
  keyMetrics: KeyMetricId[];
  preferences: OnboardingPreferences;
}

export const EMPTY_ONBOARDING: OnboardingData = {
  businessName: '',
  industry: '',
  businessStory: '',
  problemSolving: '',
  productService: '',
  goals: [],
  businessTargets: '',
  marketingStrategy: '',
  salesStrategy: '',
  challenges: [],
  fundingSource: '',
  financialManagement: '',
  teamSize: '',
  keyMetrics: [],
  preferences: { ...DEFAULT_PREFERENCES },
};

export type StepErrors = Partial<Record<'businessName' | 'industry' | 'problemSolving' | 'goals', string>>;

/** What a voice layer may do to the wizard: the three client tools of docs/product.md#onboarding act through these. */
export interface WizardTools {
  /** Sets one field; throws (so the agent gets an error result) on an unknown field or invalid value. */
  updateField(field: string, value: unknown): string;
  nextStep(): string;
  complete(): Promise<string>;
}

/** Props of the voice layer a page plugs into the wizard (the voice feature provides one). */
export interface VoiceLayerProps {
  enabled: boolean;
  onEnabledChange(enabled: boolean): void;
  tools: WizardTools;
  step: number;
  children(ui: { header: ReactNode; footer: ReactNode }): ReactNode;
}
