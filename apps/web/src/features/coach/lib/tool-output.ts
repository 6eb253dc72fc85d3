import { z } from 'zod';

/**
 * The tools' inputs and outputs as the server streams them, read leniently: a card shows what it can recognise
 * and falls back to a plain "used <tool>" line, so a newer server never breaks an older page.
 */
const catalogueItem = z.object({ name: z.string(), category: z.string().optional(), description: z.string().optional(), id: z.string().optional() }).passthrough();

export const searchOutputSchema = z
  .object({
    found: z.boolean().optional(),
    query: z.string().optional(),
    suggestRequest: z.boolean().optional(),
    results: z.array(catalogueItem).optional(),
    items: z.array(catalogueItem).optional(),
  })
  .passthrough();

export interface SearchView {
  query: string;
  results: z.infer<typeof catalogueItem>[];
  suggestRequest: boolean;
}

export function readSearch(input: unknown, output: unknown): SearchView | null {
  const o = searchOutputSchema.safeParse(output);
  if (!o.success) return null;
  const q = z.object({ query: z.string() }).safeParse(input);
  const results = o.data.results ?? o.data.items ?? [];
  return {
    query: o.data.query ?? (q.success ? q.data.query : ''),
    results,
    suggestRequest: o.data.suggestRequest === true || o.data.found === false || results.length === 0,
  };
}

const ideaSchema = z.object({ from: z.string(), to: z.string(), idea: z.string().optional() }).passthrough();
export function readIdea(input: unknown, output: unknown): z.infer<typeof ideaSchema> | null {
  const fromOutput = z.object({ idea: ideaSchema }).safeParse(output);
  if (fromOutput.success) return fromOutput.data.idea;
  const o = ideaSchema.safeParse(output);
  if (o.success) return o.data;
  const i = ideaSchema.safeParse(input);
  return i.success ? i.data : null;
}

const planSchema = z.object({
  title: z.string(),
  phases: z.array(z.object({ name: z.string(), tasks: z.array(z.object({ title: z.string() }).passthrough()) }).passthrough()),
});
/** The plan's title and its phases' names and task counts (from the tool's input: the ActionPlanDraft). */
export function readPlan(input: unknown): { title: string; phases: { name: string; count: number }[] } | null {
  const p = planSchema.safeParse(input);
  return p.success ? { title: p.data.title, phases: p.data.phases.map((ph) => ({ name: ph.name, count: ph.tasks.length })) } : null;
}
