import type { Integration, IntegrationCategoryId } from '@app/shared';

/** Desired outcomes of the Connector Graph and the kinds of app each needs, in order. */
export const OUTCOMES = [
  { id: 'leads', label: 'Capture leads in a CRM', steps: ['automation', 'crm'] },
  { id: 'notify', label: 'Notify my team', steps: ['automation', 'communication'] },
  { id: 'report', label: 'Report on performance', steps: ['automation', 'productivity', 'analytics'] },
  { id: 'nurture', label: 'Nurture contacts by email', steps: ['automation', 'crm', 'marketing'] },
  { id: 'sell', label: 'Sell online and get paid', steps: ['ecommerce', 'finance'] },
  { id: 'backup', label: 'Back up files automatically', steps: ['automation', 'storage'] },
] as const satisfies readonly { id: string; label: string; steps: readonly IntegrationCategoryId[] }[];

export type OutcomeId = (typeof OUTCOMES)[number]['id'];

/**
 * A path from the source app through the catalogue: for each step the best-connected app of that category,
 * skipping a step the source already covers and never repeating an app. Deterministic for the same catalogue.
 */
export function connectorPath(catalogue: readonly Integration[], sourceId: string, outcomeId: OutcomeId): Integration[] {
  const source = catalogue.find((i) => i.id === sourceId);
  const outcome = OUTCOMES.find((o) => o.id === outcomeId);
  if (!source || !outcome) return [];
  const path: Integration[] = [source];
  for (const category of outcome.steps) {
    if (path.some((p) => p.category === category)) continue;
    const best = catalogue
      .filter((i) => i.category === category && !path.includes(i))
      .sort((a, b) => b.connections - a.connections || b.rating - a.rating || a.name.localeCompare(b.name))[0];
    if (best) path.push(best);
  }
  return path;
}
