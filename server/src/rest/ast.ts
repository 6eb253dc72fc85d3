/** The parsed form of a /rest/v1 request's query string. Built by parse-query.ts, turned into SQL by build-sql.ts. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string | number;
}

/** A column, optionally followed by a JSON path (data->a->>b). */
export interface Field {
  column: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string; aggregate?: Aggregate; aggCast?: string }
  /** `count()` without a column. */
  | { kind: 'count'; alias?: string; cast?: string }
  | EmbedItem;

export type Aggregate = 'count' | 'sum' | 'avg' | 'min' | 'max';

/** `alias:relation!hint!inner(...)` or `...relation(...)` (spread: its columns join the parent's object). */
export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias?: string;
  hint?: string;
  /** !inner: parent rows without a matching embedded row are left out. */
  inner: boolean;
  spread?: boolean;
  /** Empty for `relation()`: the embed filters (with !inner) but is not output. */
  select: SelectItem[];
}

/** Filters, order and page of one embedded resource (`messages.id=eq.1`, `messages.order=id.desc`, `messages.limit=2`). */
export interface EmbedModifiers {
  where: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  in: 'in',
  is: 'is',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  fts: 'fts',
  plfts: 'plfts',
  phfts: 'phfts',
  wfts: 'wfts',
} as const;
export type Operator = keyof typeof OPERATORS;

/** Operators that accept (any) / (all) with an array literal value. */
export const QUANTIFIABLE: ReadonlySet<Operator> = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;

export interface Filter {
  kind: 'filter';
  field: Field;
  negate: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  /** fts language configuration, e.g. fts(english). */
  ftsConfig?: string;
  /** The raw value; a list for `in`. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface OrderTerm {
  field: Field;
  /** `order=rel(col)`: the column of an embedded to-one resource (by relation name or alias). */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'nullsfirst' | 'nullslast';
}

export interface ParsedQuery {
  select: SelectItem[];
  where: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** `columns=` of inserts/updates. */
  columns?: string[];
  /** `on_conflict=` of upserts. */
  onConflict?: string[];
  /** Modifiers of embedded resources, by dotted path of relation names or aliases (`messages`, `messages.channels`). */
  embedded: Map<string, EmbedModifiers>;
  /** Set by the handler from REST_AGGREGATES_ENABLED; aggregates are PGRST123 otherwise. */
  aggregatesAllowed?: boolean;
  /** GET/HEAD /rpc/<fn> arguments (string values). */
  rpcArgs: Record<string, string>;
}
