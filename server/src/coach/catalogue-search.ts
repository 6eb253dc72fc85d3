import type { Queryable } from '../db/types.js';
/**
 * The coach's catalogue search: real matching over names, ids, categories, actions and descriptions, without
 * trigram indexes (PGlite has no pg_trgm). The catalogue is a few hundred rows, so it is scored in memory.
 */
export interface CatalogueItem {
  id: string;
  name: string;
  category: string;
  description: string;
  actions: string[];
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const squash = (s: string) => norm(s).replace(/ /g, '');

/** How well one search term fits an item: name first, then category, actions, description. 0 = no match. */
function termScore(term: string, item: CatalogueItem): number {
  const t = norm(term);
  const tight = squash(term);
  if (!t) return 0;
  const name = norm(item.name);
  const squashedName = squash(item.name);
  if (squashedName === tight || item.id === t.replace(/ /g, '-')) return 100;
  if (squashedName.startsWith(tight)) return 85;
  if (name.split(' ').some((w) => w.startsWith(t))) return 75;
  if (tight.length >= 3 && squashedName.includes(tight)) return 60;
  // A slightly longer query that contains the whole name ("xero accounting", "hubspotcrm").
  if (squashedName.length >= 3 && tight.startsWith(squashedName)) return 55;
  if (t.length < 3) return 0;
  if (norm(item.category) === t || norm(item.category).startsWith(t)) return 40;
  if (item.actions.some((a) => ` ${norm(a)}`.includes(` ${t}`))) return 30;
  if (
    norm(item.description)
      .split(' ')
      .some((w) => w.startsWith(t))
  )
    return 20;
  return 0;
}

/**
 * One word of a longer query counts only as a strong match (a name, or a category): "BakeBoss POS" must not find
 * PostHog by the prefix "pos" nor Ghost by a description word, or the coach would offer the wrong app instead of
 * saying the app is not in the catalogue.
 */
function wordScore(word: string, item: CatalogueItem): number {
  const score = termScore(word, item);
  if (score === 100) return score;
  return score >= 40 && word.length >= 4 ? score : 0;
}

const STOP_WORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'app',
  'apps',
  'tool',
  'tools',
  'integration',
  'integrations',
  'connect',
  'to',
  'a',
  'an',
  'of',
  'my',
  'is',
  'there',
]);

/** The best matches for `query`: the whole query first; else each meaningful word, summed. Highest score first. */
export function searchCatalogueItems(items: CatalogueItem[], query: string, limit = 5): (CatalogueItem & { score: number })[] {
  const words = norm(query)
    .split(' ')
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w));
  const scored = items.map((item) => {
    let score = termScore(query, item);
    if (score === 0 && words.length > 1) score = Math.max(...words.map((w) => wordScore(w, item)));
    return { ...item, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** The catalogue's rows that match `query`, best first, as the tools answer them (the coach's and the visitors'). */
export async function findInCatalogue(db: Queryable, query: string): Promise<CatalogueItem[]> {
  const rows = await db.query<CatalogueItem>('select id, name, category, description, actions from public.integrations');
  return searchCatalogueItems(rows.rows, query).map(({ id, name, category, description, actions }) => ({
    id,
    name,
    category,
    description,
    actions,
  }));
}
