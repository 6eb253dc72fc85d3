import { z } from 'zod';

/**
 * The tools' inputs and outputs as the server streams them, read leniently: a card shows what it can recognise
 * and falls back to a plain "used <tool>" line, so a newer server never breaks an older page.
 */
const catalogueItem = z
  .object({ name: z.string(), category: z.string().optional(), description: z.string().optional(), id: z.string().optional() })
  .passthrough();

export const searchOutputSchema = z
  .object({
    found: z.boolean().optional(),
    query: z.string().optional(),
    suggestRequest: z.boolean().optional(),
    matches: z.array(catalogueItem).optional(),
    results: z.array(catalogueItem).optional(),
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
  const results = o.data.matches ?? o.data.results ?? [];
  return {
    query: o.data.query ?? (q.success ? q.data.query : ''),
    results,
    suggestRequest: o.data.suggestRequest === true || o.data.found === false || results.length === 0,
  };
}

// the server's tool takes { fromTool, toTool, idea } and answers { saved, id, fromTool, toTool }
const ideaSchema = z.object({ fromTool: z.string(), toTool: z.string(), idea: z.string().optional() }).passthrough();
export function readIdea(input: unknown, output: unknown): { from: string; to: string; idea?: string } | null {
  const i = ideaSchema.safeParse(input);
  const o = ideaSchema.safeParse(output);
  const found = i.success ? i.data : o.success ? o.data : null;
  return found ? { from: found.fromTool, to: found.toTool, idea: found.idea } : null;
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
