import { CRM_SORTS, splitTags, type CrmContactFilters, type CrmSort, type CrmViewSettings } from '@app/shared/crm';
import { z } from 'zod';

/** The contact list's filters as the form holds them (text fields; '' = not filtered). */
export interface FilterState {
  tags: string;
  source: string;
  companyId: string;
  stageId: string;
}
export const NO_FILTERS: FilterState = { tags: '', source: '', companyId: '', stageId: '' };

/** What the list asks crm_search_contacts for. */
export interface ContactQuery {
  query: string;
  filters: CrmContactFilters;
  sort: CrmSort;
}

/** The filters crm_search_contacts takes: only those set, tags split on commas and lower-cased as stored. */
export function toContactFilters(f: FilterState): CrmContactFilters {
  const out: CrmContactFilters = {};
  const tags = splitTags(f.tags).map((t) => t.toLowerCase());
  if (tags.length) out.tags = tags.slice(0, 20);
  if (f.source.trim()) out.source = f.source.trim();
  if (f.companyId) out.company_id = f.companyId;
  if (f.stageId) out.stage_id = f.stageId;
  return out;
}

export const hasFilters = (f: FilterState) => Object.keys(toContactFilters(f)).length > 0;

/** A saved view's settings: the search, the filters, the sort (crm_saved_views.filters). */
export function toViewSettings(query: string, f: FilterState, sort: CrmSort): CrmViewSettings {
  return { query: query.trim(), filters: toContactFilters(f), sort };
}

// a saved view is jsonb the customer (or an older version of the app) wrote: read what fits, drop the rest
const text = z.string().max(200).catch('');
const settingsSchema = z.object({
  query: text.optional(),
  filters: z
    .object({
      tags: z.array(z.string()).max(20).optional().catch(undefined),
      source: text.optional(),
      company_id: z.string().optional().catch(undefined),
      stage_id: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  sort: z.enum(CRM_SORTS).optional().catch(undefined),
});

/** A saved view back into the list's search, filters and sort. */
export function fromViewSettings(json: unknown): { query: string; filters: FilterState; sort: CrmSort } {
  const s = settingsSchema.safeParse(json);
  const v = s.success ? s.data : {};
  return {
    query: v.query ?? '',
    filters: {
      tags: (v.filters?.tags ?? []).join(', '),
      source: v.filters?.source ?? '',
      companyId: v.filters?.company_id ?? '',
      stageId: v.filters?.stage_id ?? '',
    },
    sort: v.sort ?? 'name',
  };
}
