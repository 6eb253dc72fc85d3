import type { Condition, Filter, ParsedQuery } from './ast.js';
import { parseError, restFailure } from './errors.js';

/**
 * Limits on what one /rest/v1 request may ask of the database (issue 38): a parsed query within them costs about
 * its length; each is refused with PostgREST's PGRST100 (400) before any SQL runs. The numbers are listed in
 * docs/security.md ("Request limits"). Logic-tree depth and embedding depth are checked while parsing
 * (parse-query.ts); the rest here, on the parsed query.
 */

/** Longest query string (percent-encoded bytes): nginx's default request-line buffer, as Supabase's gateway answers. */
export const MAX_QUERY_STRING_BYTES = 8192;
/** Filters in one request, counting every leaf of every or=/and= tree and of every embedded resource. */
export const MAX_CONDITIONS = 100;
/** Values of one in.(…) list or one (any)/(all) array. */
export const MAX_LIST_VALUES = 500;
/** Longest match/imatch/like/ilike pattern (characters), for callers other than service_role. */
export const MAX_PATTERN_LENGTH = 256;
/** Most multi-character wildcards (% or *) in one like/ilike pattern, for callers other than service_role. */
export const MAX_LIKE_WILDCARDS = 8;
/** Largest repetition count in a regex bound {m,n}: each count copies its atom into the compiled automaton. */
export const MAX_REGEX_REPEAT = 32;

/** 414 when the query string is longer than MAX_QUERY_STRING_BYTES. */
export function checkQueryStringLength(rawQuery: string) {
  if (rawQuery.length > MAX_QUERY_STRING_BYTES) throw restFailure('queryStringTooLong', MAX_QUERY_STRING_BYTES);
}

const BACK_REFERENCE = /^\\[1-9]/;
const LOOKAROUND = /^\(\?(?:=|!|<=|<!)/;
const BOUND = /^\{(\d+)(?:,(\d*))?\}/;

/**
 * Why a regular expression may cost more than linear time in PostgreSQL, or null. PostgreSQL's engine matches
 * without backtracking except where a back-reference forces it to (the cost then grows with a power of the text's
 * length); lookaround constraints and nested quantifiers multiply the automaton's states, large bounds copy it.
 * So the rule: no back-references, no lookaround, no quantifier applied to a group that already holds one, no
 * bound above MAX_REGEX_REPEAT. A pattern starting ***= is a literal string and needs none of this.
 */
export function regexProblem(pattern: string): string | null {
  if (pattern.startsWith('***=')) return null;
  // One entry per open group: whether something inside it is quantified.
  const groups: boolean[] = [false];
  // What a quantifier at i would apply to: a group whose content is quantified, or anything else.
  let lastWasQuantifiedGroup = false;
  let i = 0;
  const quantify = () => {
    if (lastWasQuantifiedGroup) return 'nested quantifiers like (a+)* are not allowed';
    groups[groups.length - 1] = true;
    lastWasQuantifiedGroup = false;
    return null;
  };
  while (i < pattern.length) {
    const rest = pattern.slice(i, i + 12);
    const ch = pattern[i]!;
    if (ch === '\\') {
      if (BACK_REFERENCE.test(rest)) return 'back-references like \\1 are not allowed';
      i += 2;
      lastWasQuantifiedGroup = false;
    } else if (ch === '[') {
      i = bracketEnd(pattern, i);
      lastWasQuantifiedGroup = false;
    } else if (ch === '(') {
      if (LOOKAROUND.test(rest)) return 'lookahead and lookbehind constraints are not allowed';
      // (?:…) is a group; (?i) and other embedded options are not.
      if (rest.startsWith('(?') && !rest.startsWith('(?:')) {
        const close = pattern.indexOf(')', i);
        i = close < 0 ? pattern.length : close + 1;
        continue;
      }
      groups.push(false);
      i += rest.startsWith('(?:') ? 3 : 1;
      lastWasQuantifiedGroup = false;
    } else if (ch === ')') {
      const inner = groups.length > 1 ? groups.pop()! : false;
      if (inner) groups[groups.length - 1] = true;
      lastWasQuantifiedGroup = inner;
      i++;
    } else if (ch === '*' || ch === '+' || ch === '?') {
      const problem = quantify();
      if (problem) return problem;
      i += pattern[i + 1] === '?' ? 2 : 1; // a lazy quantifier (*?) is one quantifier
    } else if (ch === '{' && BOUND.test(rest)) {
      const [whole, min, max] = BOUND.exec(rest)!;
      if (Number(min) > MAX_REGEX_REPEAT || (max && Number(max) > MAX_REGEX_REPEAT))
        return `repetition counts above ${MAX_REGEX_REPEAT} are not allowed`;
      const problem = quantify();
      if (problem) return problem;
      i += whole.length + (pattern[i + whole.length] === '?' ? 1 : 0);
    } else {
      i++;
      lastWasQuantifiedGroup = false;
    }
  }
  return null;
}

/** The index just past a bracket expression starting at `start` ('['): a leading ']' or '^]' and '\\]' are members. */
function bracketEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  while (i < pattern.length && pattern[i] !== ']') {
    if (pattern[i] === '\\') {
      i += 2;
      continue;
    }
    // [:alpha:], [=a=], [.a.] inside a bracket expression end at their own ':]', '=]', '.]'.
    const m = /^\[([:=.])/.exec(pattern.slice(i, i + 2));
    if (m) {
      const close = pattern.indexOf(`${m[1]}]`, i + 2);
      i = close < 0 ? pattern.length : close + 2;
    } else i++;
  }
  return i + 1;
}

/** Why a like/ilike pattern is refused, or null. */
export function likeProblem(pattern: string): string | null {
  const wildcards = pattern.match(/[%*]/g)?.length ?? 0;
  if (wildcards > MAX_LIKE_WILDCARDS) return `at most ${MAX_LIKE_WILDCARDS} wildcards (% or *) are allowed in a pattern`;
  return null;
}

/** The elements of an (any)/(all) array literal {a,"b,c"}: each is its own pattern. */
function arrayElements(literal: string): string[] {
  const inner = literal.slice(1, -1);
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (quoted && ch === '\\') cur += inner[++i] ?? '';
    else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function checkFilter(f: Filter, trusted: boolean) {
  const what = `failed to parse filter (${f.op})`;
  const values = Array.isArray(f.value) ? f.value : f.quantifier ? arrayElements(f.value) : [f.value];
  if ((f.op === 'in' || f.quantifier) && values.length > MAX_LIST_VALUES)
    throw parseError(what, `at most ${MAX_LIST_VALUES} values are allowed in a list`);
  if (trusted) return;
  const pattern = f.op === 'match' || f.op === 'imatch' ? regexProblem : f.op === 'like' || f.op === 'ilike' ? likeProblem : undefined;
  if (!pattern) return;
  for (const v of values) {
    if (v.length > MAX_PATTERN_LENGTH) throw parseError(what, `a pattern may be at most ${MAX_PATTERN_LENGTH} characters long`);
    const problem = pattern(v);
    if (problem) throw parseError(what, problem);
  }
}

/**
 * Refuses a parsed query over the limits above (PGRST100). `trusted` (service_role: the server's own key, never in
 * a browser) skips the pattern rules only; the counts bound everyone.
 */
export function checkQueryLimits(q: ParsedQuery, trusted: boolean) {
  let conditions = 0;
  const visit = (c: Condition) => {
    if (c.kind === 'logic') return c.children.forEach(visit);
    if (++conditions > MAX_CONDITIONS)
      throw parseError('failed to parse filters', `at most ${MAX_CONDITIONS} filters are allowed per request`);
    checkFilter(c, trusted);
  };
  q.where.forEach(visit);
  for (const mods of q.embedded.values()) mods.where.forEach(visit);
}
