import { paths } from './paths';

/**
 * Addresses of the dashboard's Connections view (issue 40), for the features that send the customer there: the
 * builder's ideas and canvas, the Marketplace's cards, the Overview's failures. Features do not import each other,
 * so they meet here: a link carries what the new-connection form starts from, and the view reads it back.
 */

/** Where a connection was made from (stored in connections.origin). */
export type ConnectionOriginKind = 'idea' | 'blueprint' | 'canvas' | 'marketplace';
const KINDS: readonly ConnectionOriginKind[] = ['idea', 'blueprint', 'canvas', 'marketplace'];

/** What a new connection starts from: its origin (a row's id) and a suggested name. */
export interface ConnectionSeed {
  kind: ConnectionOriginKind;
  id: string;
  name: string;
}

export const CONNECTIONS_VIEW = 'connections';
const NAME_MAX = 120;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

const viewHref = (params: Record<string, string>) =>
  `${paths.dashboard}?${new URLSearchParams({ view: CONNECTIONS_VIEW, ...params }).toString()}`;

export const connectionLinks = {
  /** The Connections view. */
  view: () => viewHref({}),
  /** One connection's run history. */
  history: (connectionId: string) => viewHref({ connection: connectionId }),
  /** The new-connection form, filled from `seed`. */
  build: (seed: ConnectionSeed) => viewHref({ build: seed.kind, from: seed.id, name: seed.name.slice(0, NAME_MAX) }),
};

/** The seed in a Connections view address, or null when there is none or it is malformed. */
export function seedFromParams(params: URLSearchParams): ConnectionSeed | null {
  const kind = params.get('build') as ConnectionOriginKind | null;
  const id = params.get('from') ?? '';
  const name = (params.get('name') ?? '').trim().slice(0, NAME_MAX);
  if (!kind || !KINDS.includes(kind) || !ID.test(id)) return null;
  return { kind, id, name };
}

/** A saved idea's seed: the Connector Graph saves its blueprints as ideas whose text starts "Blueprint to". */
export function seedFromIdea(idea: { id: string; from_tool: string; to_tool: string; idea: string }, onCanvas = false): ConnectionSeed {
  const kind: ConnectionOriginKind = onCanvas ? 'canvas' : idea.idea.startsWith('Blueprint to') ? 'blueprint' : 'idea';
  return { kind, id: idea.id, name: `${idea.from_tool} → ${idea.to_tool}` };
}
