/**
 * Integration catalogue categories. `integrations.category` holds one CategoryId; the Connect Anything
 * category buttons (docs/product.md#connect-anything) each cover one or more of them: filter with
 * `.in('category', filter.categories)` (Popular uses `.eq('popular', true)` instead).
 */
export type IntegrationCategoryId =
  | 'crm'
  | 'analytics'
  | 'marketing'
  | 'communication'
  | 'ecommerce'
  | 'finance'
  | 'automation'
  | 'ai'
  | 'productivity'
  | 'business'
  | 'content'
  | 'storage'
  | 'cloud'
  | 'security';

export const INTEGRATION_CATEGORIES: Record<IntegrationCategoryId, string> = {
  crm: 'CRM',
  analytics: 'Analytics',
  marketing: 'Marketing',
  communication: 'Communication',
  ecommerce: 'E-commerce',
  finance: 'Finance',
  automation: 'Automation',
  ai: 'AI',
  productivity: 'Productivity',
  business: 'Business',
  content: 'Content Management',
  storage: 'Storage',
  cloud: 'Cloud Services',
  security: 'Security',
};

export interface IntegrationFilter {
  id:
    | 'all'
    | 'popular'
    | 'business'
    | 'ecommerce'
    | 'communication'
    | 'productivity'
    | 'content'
    | 'analytics'
    | 'storage'
    | 'cloud'
    | 'security';
  label: string;
  /** Catalogue size claimed on the button (docs/product.md#connect-anything). */
  claimedCount: number;
  /** Categories the button selects; empty for All and Popular. */
  categories: readonly IntegrationCategoryId[];
}

export const INTEGRATION_FILTERS: readonly IntegrationFilter[] = [
  { id: 'all', label: 'All Categories', claimedCount: 2000, categories: [] },
  { id: 'popular', label: 'Popular', claimedCount: 50, categories: [] },
  { id: 'business', label: 'Business', claimedCount: 300, categories: ['business', 'crm', 'finance', 'marketing'] },
  { id: 'ecommerce', label: 'E-commerce', claimedCount: 150, categories: ['ecommerce'] },
  { id: 'communication', label: 'Communication', claimedCount: 100, categories: ['communication'] },
  { id: 'productivity', label: 'Productivity', claimedCount: 200, categories: ['productivity', 'automation', 'ai'] },
  { id: 'content', label: 'Content Management', claimedCount: 80, categories: ['content'] },
  { id: 'analytics', label: 'Analytics', claimedCount: 120, categories: ['analytics'] },
  { id: 'storage', label: 'Storage', claimedCount: 60, categories: ['storage'] },
  { id: 'cloud', label: 'Cloud Services', claimedCount: 180, categories: ['cloud'] },
  { id: 'security', label: 'Security', claimedCount: 70, categories: ['security'] },
];

/** One row of public.integrations as /rest/v1 returns it. */
export interface Integration {
  id: string;
  name: string;
  description: string;
  category: IntegrationCategoryId;
  icon: string;
  rating: number;
  connections: number;
  popular: boolean;
  actions: string[];
  website: string | null;
  builtin: boolean;
}

export const MARKETPLACE_PAGE_SIZE = 12;
export const COMPARE_MAX_TOOLS = 3;
