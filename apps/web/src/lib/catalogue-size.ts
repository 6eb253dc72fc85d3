import { STALE_MS } from './data/read-policy';
import { usePublicRead } from './data/use-public-read';
import { publicRest } from './public-rest';

/** How many integrations the catalogue holds: public.integrations, counted by the server, never a constant (issue 44). */
export async function fetchCatalogueSize(): Promise<number> {
  const { count, error } = await publicRest().from('integrations').select('id', { count: 'exact', head: true });
  if (error) throw new Error(error.message);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) throw new Error('The catalogue size came back without a count');
  return count;
}

/** "124 apps" once the catalogue's size is known; before (the prerendered HTML, while it loads, if it fails) no figure. */
export const catalogueApps = (size: number | undefined) =>
  size === undefined ? 'the apps in our catalogue' : `${size.toLocaleString('en-GB')} ${size === 1 ? 'app' : 'apps'}`;

/** The catalogue's size once read (undefined in the prerender and while it loads); one request for every claim on a page. */
export const useCatalogueSize = (): number | undefined => usePublicRead('integrations/size', fetchCatalogueSize, STALE_MS).data;
