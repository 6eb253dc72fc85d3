/**
 * True while React hydrates a prerendered page: the root carries the prerender's mark and the app has not committed
 * its first render yet (root-layout then sets `data-hydrated`). False on the server, in the private pages' shell and
 * for every render after the first (a client navigation).
 */
export function isHydrating(): boolean {
  if (typeof document === 'undefined') return false;
  return document.getElementById('root')?.dataset.prerendered === 'true' && document.documentElement.dataset.hydrated !== 'true';
}
