// The recipes are docs/connections.md's own section, rendered in the product from that file: one text, not two.
import guide from '../../../../../../docs/connections.md?raw';

/**
 * The "## Recipes" section of a Markdown guide (up to the next second-level heading), its headings one level up so
 * the section's own "###" become the panel's headings, and `{SITE_URL}` replaced by this server's address.
 */
export function recipesSection(markdown: string, siteUrl: string): string {
  const start = markdown.search(/^## Recipes\s*$/m);
  if (start < 0) return '';
  const body = markdown.slice(start).replace(/^## Recipes\s*$/m, '');
  const end = body.search(/^## /m);
  return (end < 0 ? body : body.slice(0, end)).replace(/^### /gm, '## ').replaceAll('{SITE_URL}', siteUrl.replace(/\/+$/, '')).trim();
}

export const connectionRecipes = (siteUrl: string) => recipesSection(guide, siteUrl);
