import type { OnboardingData } from './types';

/** docs/product.md#onboarding: the local-storage copies the rest of the app reads (business-context, onboarding flags, answers). */
export const BUSINESS_CONTEXT_KEY = 'business-context';
export const ONBOARDING_COMPLETED_KEY = 'onboarding-completed';
export const ONBOARDING_DATA_KEY = 'onboarding-data';

export interface BusinessContext {
  businessName: string;
  industry: string;
  businessStage: string;
  goals: string[];
  challenges: string[];
  currentFocus: string;
  targetAudience: string;
  monthlyRevenue: string;
  teamSize: string;
  onboardingCompleted: boolean;
  lastUpdated: string;
}

function readContext(): Partial<BusinessContext> {
  try {
    const raw = localStorage.getItem(BUSINESS_CONTEXT_KEY);
    return raw ? (JSON.parse(raw) as Partial<BusinessContext>) : {};
  } catch {
    return {};
  }
}

/** Merges the completed onboarding into the business context and sets the onboarding flags. */
export function storeCompletion(data: OnboardingData) {
  const previous = readContext();
  const context: BusinessContext = {
    businessName: data.businessName,
    industry: data.industry,
    businessStage: data.teamSize ? 'growth' : 'startup',
    goals: data.goals,
    challenges: data.challenges,
    currentFocus: data.businessTargets,
    targetAudience: previous.targetAudience ?? '',
    monthlyRevenue: previous.monthlyRevenue ?? '',
    teamSize: data.teamSize,
    onboardingCompleted: true,
    lastUpdated: new Date().toISOString(),
  };
  localStorage.setItem(BUSINESS_CONTEXT_KEY, JSON.stringify(context));
  localStorage.setItem(ONBOARDING_COMPLETED_KEY, 'true');
  localStorage.setItem(ONBOARDING_DATA_KEY, JSON.stringify(data));
}
