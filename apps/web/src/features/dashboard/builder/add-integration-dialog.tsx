import { useQuery } from '@tanstack/react-query';
import { Check, ExternalLink, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { catalogueSearchQuery } from '../api/queries';
import { CategoryIcon } from '@/components/category-icon';
import { messages } from '@/lib/messages';

/** Two public automation directories for apps our catalogue does not list yet. */
export const EXTERNAL_DIRECTORIES = [
  { name: 'Zapier app directory', url: 'https://zapier.com/apps' },
  { name: 'Make integrations', url: 'https://www.make.com/en/integrations' },
] as const;

interface Props {
  open: boolean;
  onOpenChange(o: boolean): void;
  onCanvas: ReadonlySet<string>;
  onAdd(id: string): void;
  adding: boolean;
}

/** 'Add Integration': search the catalogue and put a tool on the canvas. */
export function AddIntegrationDialog({ open, onOpenChange, onCanvas, onAdd, adding }: Props) {
  const [term, setTerm] = useState('');
  const results = useQuery(catalogueSearchQuery(term, open));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Integration</DialogTitle>
          <DialogDescription>Search our catalogue and add the tools you use to your canvas.</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search integrations"
            placeholder="Search integrations..."
            className="pl-9"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
        <ul className="max-h-72 space-y-1 overflow-y-auto" aria-busy={results.isFetching}>
          {results.isError && !results.isFetching && (
            <li role="alert" className="flex flex-col items-center gap-3 py-6 text-center text-sm text-muted-foreground">
              {messages.dashboard.searchFailed}
              <Button size="sm" variant="outline" onClick={() => void results.refetch()}>
                {messages.dashboard.retry}
              </Button>
            </li>
          )}
          {(results.isPending || (results.isError && results.isFetching)) && (
            <li className="flex justify-center py-6">
              <Spinner label="Searching" />
            </li>
          )}
          {results.data?.length === 0 && <li className="py-6 text-center text-sm text-muted-foreground">No integrations found</li>}
          {results.data?.map((i) => {
            const added = onCanvas.has(i.id);
            return (
              <li key={i.id} className="flex items-center gap-3 rounded-md p-2 hover:bg-secondary/60">
                <span aria-hidden className="flex size-8 items-center justify-center rounded-md bg-secondary">
                  <CategoryIcon category={i.category} className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{i.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">{i.description}</span>
                </span>
                <Button
                  size="sm"
                  variant={added ? 'ghost' : 'outline'}
                  disabled={added || adding}
                  onClick={() => onAdd(i.id)}
                  aria-label={added ? `${i.name} is on your canvas` : `Add ${i.name}`}
                >
                  {added ? <Check aria-hidden /> : <Plus aria-hidden />}
                  {added ? 'Added' : 'Add'}
                </Button>
              </li>
            );
          })}
        </ul>
        <div className="rounded-md border bg-background/50 p-3 text-sm">
          <p className="text-muted-foreground">Not listed? Browse thousands more apps:</p>
          <div className="mt-2 flex flex-wrap gap-3">
            {EXTERNAL_DIRECTORIES.map((d) => (
              <a
                key={d.url}
                href={d.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-accent underline-offset-4 hover:underline"
              >
                {d.name} <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ))}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
