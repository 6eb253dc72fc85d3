import { INTEGRATION_CATEGORIES, type Integration, type IntegrationCategoryId } from '@app/shared';

/** Categories that usually sit next to each other in an automation (for "what connects to X"). */
const NEIGHBOURS: Record<IntegrationCategoryId, IntegrationCategoryId[]> = {
  crm: ['marketing', 'communication', 'productivity'],
  analytics: ['marketing', 'productivity', 'ecommerce'],
  marketing: ['crm', 'ecommerce', 'analytics'],
  communication: ['crm', 'productivity', 'business'],
  ecommerce: ['marketing', 'finance', 'analytics'],
  finance: ['ecommerce', 'crm', 'productivity'],
  automation: ['crm', 'communication', 'productivity'],
  ai: ['content', 'communication', 'productivity'],
  productivity: ['communication', 'storage', 'crm'],
  business: ['crm', 'communication', 'finance'],
  content: ['marketing', 'storage', 'analytics'],
  storage: ['productivity', 'content', 'cloud'],
  cloud: ['storage', 'security', 'analytics'],
  security: ['cloud', 'productivity', 'business'],
};

const ALIASES: Record<string, IntegrationCategoryId> = { email: 'marketing', chat: 'communication', ecommerce: 'ecommerce', 'e-commerce': 'ecommerce', shop: 'ecommerce', accounting: 'finance', payments: 'finance', files: 'storage', cms: 'content', website: 'content' };

const top = (list: Integration[], n: number) => [...list].sort((a, b) => b.connections - a.connections || a.name.localeCompare(b.name)).slice(0, n);
const names = (list: Integration[]) => list.map((i) => i.name).join(', ');

function findApp(text: string, catalogue: readonly Integration[]): Integration | undefined {
  const t = text.toLowerCase();
  return [...catalogue].sort((a, b) => b.name.length - a.name.length).find((i) => new RegExp(`(^|[^a-z0-9])${i.name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z0-9]|$)`).test(t));
}

function findCategory(text: string): IntegrationCategoryId | undefined {
  const t = text.toLowerCase();
  const byLabel = (Object.entries(INTEGRATION_CATEGORIES) as [IntegrationCategoryId, string][]).find(([id, label]) => t.includes(label.toLowerCase()) || new RegExp(`\\b${id}\\b`).test(t));
  if (byLabel) return byLabel[0];
  return Object.entries(ALIASES).find(([word]) => new RegExp(`\\b${word}\\b`).test(t))?.[1];
}

/** The Integration Assistant's answer, worked out from the catalogue alone (until the AI coach is connected). */
export function assistantReply(message: string, catalogue: readonly Integration[]): string {
  const app = findApp(message, catalogue);
  const category = findCategory(message);
  const wantsConnections = /connect|integrat|work with|pair|link/i.test(message);
  if (app && (wantsConnections || !category)) {
    const partners = NEIGHBOURS[app.category].flatMap((c) => top(catalogue.filter((i) => i.category === c && i.id !== app.id), 2));
    const label = INTEGRATION_CATEGORIES[app.category];
    if (!wantsConnections) {
      return `${app.name} is in the ${label} category (rated ${app.rating}). Key actions: ${app.actions.slice(0, 3).join(', ')}. Ask "Which apps connect to ${app.name}?" for pairings.`;
    }
    return `${app.name} (${label}) pairs well with ${names(partners)}. Common automations start from its actions: ${app.actions.slice(0, 2).join(' and ')}. Use the Connection Planner to ask us to build one.`;
  }
  if (category) {
    const inCategory = catalogue.filter((i) => i.category === category);
    if (!inCategory.length) return `There are no ${INTEGRATION_CATEGORIES[category]} apps in the catalogue yet. You can request one under Make Connections.`;
    return `The catalogue has ${inCategory.length} ${INTEGRATION_CATEGORIES[category]} apps. The most connected: ${names(top(inCategory, 5))}.`;
  }
  return `I answer from our catalogue of ${catalogue.length} apps. Try "Which apps connect to Slack?", "Show me CRM tools" or "What category is Notion in?". Open questions will go to the AI coach once it is connected.`;
}

export const ASSISTANT_GREETING = "Hi! I'm the Integration Assistant. Ask me which apps connect to a tool you use, or which tools exist in a category.";
