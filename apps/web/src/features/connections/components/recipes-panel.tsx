import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import { connectionsMessages } from '@/lib/messages/connections';
import { runtimeConfig } from '@/lib/runtime-config';
import { connectionRecipes } from '../lib/recipes';

const DOC_CLASSES =
  'max-w-4xl space-y-3 text-sm leading-6 [&_a]:text-brand [&_a]:underline [&_code]:rounded [&_code]:bg-background/70 [&_code]:px-1 [&_code]:text-[0.85em] [&_h2]:pt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:my-1 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:bg-background/70 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:list-disc [&_ul]:pl-5';

/** The recipes of docs/connections.md (receive from and send to Make, Zapier and n8n; verify our signature). */
export default function RecipesPanel() {
  return (
    <section aria-labelledby="recipes-title" className="rounded-xl border bg-card p-6">
      <h2 id="recipes-title" className="text-xl font-semibold">
        {connectionsMessages.recipes.title}
      </h2>
      <p className="text-sm text-muted-foreground">{connectionsMessages.recipes.text}</p>
      <div className={DOC_CLASSES} data-testid="recipes">
        <ReactMarkdown skipHtml urlTransform={defaultUrlTransform}>
          {connectionRecipes(runtimeConfig().supabaseUrl)}
        </ReactMarkdown>
      </div>
    </section>
  );
}
