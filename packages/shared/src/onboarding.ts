/** Option lists of the onboarding wizard (docs/product.md#onboarding). Values are what the database stores. */
export interface Option<T extends string = string> {
  id: T;
  label: string;
}

export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Retail',
  'Manufacturing',
  'Real Estate',
  'Consulting',
  'Marketing',
  'Professional Services',
  'E-commerce',
  'Food & Beverage',
  'Other',
] as const;

export type GoalId = 'revenue' | 'leads' | 'marketing' | 'operations' | 'customer' | 'digital';
export const GOALS: readonly Option<GoalId>[] = [
  { id: 'revenue', label: 'Increase Revenue' },
  { id: 'leads', label: 'Generate More Leads' },
  { id: 'marketing', label: 'Improve Marketing' },
  { id: 'operations', label: 'Scale Operations' },
  { id: 'customer', label: 'Better Customer Service' },
  { id: 'digital', label: 'Digital Transformation' },
];

export const CHALLENGES = [
  'Limited marketing budget',
  'Difficulty generating leads',
  'Low online visibility',
  'Competition pressure',
  'Customer acquisition costs',
  'Time management',
  'Technology adoption',
  'Team scaling',
  'Cash flow management',
  'Brand recognition',
] as const;

export const FUNDING_SOURCES = [
  'Self-funded/Bootstrapped',
  'Friends & Family',
  'Angel Investment',
  'Venture Capital',
  'Bank Loan',
  'Crowdfunding',
  'Government Grants',
  'Revenue-based financing',
  'Other',
] as const;

export const TEAM_SIZES = ['Just me (Solo)', '2-5 people', '6-10 people', '11-25 people', '26-50 people', '50+ people'] as const;

export type KeyMetricId =
  'revenue' | 'customers' | 'leads' | 'conversion' | 'retention' | 'costs' | 'traffic' | 'social' | 'profit' | 'cashflow';
export const KEY_METRIC_IDS: readonly KeyMetricId[] = [
  'revenue',
  'customers',
  'leads',
  'conversion',
  'retention',
  'costs',
  'traffic',
  'social',
  'profit',
  'cashflow',
];

export const THEMES = ['professional', 'modern', 'minimal', 'colorful'] as const;
export type Theme = (typeof THEMES)[number];

export const STARTING_VIEWS = ['command-center', 'business-overview', 'marketing-hub', 'intelligence-hub'] as const;
export type StartingView = (typeof STARTING_VIEWS)[number];

export interface OnboardingPreferences {
  voiceEnabled: boolean;
  theme: Theme;
  defaultView: StartingView;
}
export const DEFAULT_PREFERENCES: OnboardingPreferences = { voiceEnabled: true, theme: 'professional', defaultView: 'command-center' };

export const ONBOARDING_STEPS = 6;

/** The 8-item completeness of the final step; business_profiles.completeness computes the same in SQL. */
export function profileCompleteness(d: {
  businessName?: string | null;
  industry?: string | null;
  problemSolving?: string | null;
  goals?: readonly string[] | null;
  businessTargets?: string | null;
  fundingSource?: string | null;
  teamSize?: string | null;
  keyMetrics?: readonly string[] | null;
}): number {
  const filled = (s?: string | null) => Boolean(s && s.trim());
  const items = [
    filled(d.businessName),
    filled(d.industry),
    filled(d.problemSolving),
    (d.goals?.length ?? 0) > 0,
    filled(d.businessTargets),
    filled(d.fundingSource),
    filled(d.teamSize),
    (d.keyMetrics?.length ?? 0) > 0,
  ];
  return Math.round((100 * items.filter(Boolean).length) / items.length);
}
