/** docs/product.md#business-health-score: the business health score over 7 items, as a rounded percentage. */
export interface HealthInput {
  businessName?: string | null;
  industry?: string | null;
  businessStage?: string | null;
  goals?: readonly string[] | null;
  targetAudience?: string | null;
  monthlyRevenue?: string | null;
  teamSize?: string | null;
}

export const HEALTH_ITEMS: { key: keyof HealthInput; label: string }[] = [
  { key: 'businessName', label: 'Business name' },
  { key: 'industry', label: 'Industry' },
  { key: 'businessStage', label: 'Business stage' },
  { key: 'goals', label: 'Goals' },
  { key: 'targetAudience', label: 'Target audience' },
  { key: 'monthlyRevenue', label: 'Monthly revenue' },
  { key: 'teamSize', label: 'Team size' },
];

export function isFilled(v: HealthInput[keyof HealthInput]): boolean {
  if (Array.isArray(v)) return v.length > 0;
  return typeof v === 'string' && v.trim().length > 0;
}

export function businessHealthScore(input: HealthInput): number {
  const filled = HEALTH_ITEMS.filter((i) => isFilled(input[i.key])).length;
  return Math.round((100 * filled) / HEALTH_ITEMS.length);
}
