import type { KeyMetricId } from '@app/shared';

/** Display names of the key metric ids (the specification lists only the ids). */
export const METRIC_LABELS: Record<KeyMetricId, string> = {
  revenue: 'Revenue',
  customers: 'Customers',
  leads: 'Leads',
  conversion: 'Conversion Rate',
  retention: 'Customer Retention',
  costs: 'Costs',
  traffic: 'Website Traffic',
  social: 'Social Media',
  profit: 'Profit',
  cashflow: 'Cash Flow',
};

export const THEME_LABELS = { professional: 'Professional', modern: 'Modern', minimal: 'Minimal', colorful: 'Colorful' } as const;
export const VIEW_LABELS = {
  'command-center': 'Command Center',
  'business-overview': 'Business Overview',
  'marketing-hub': 'Marketing Hub',
  'intelligence-hub': 'Intelligence Hub',
} as const;
