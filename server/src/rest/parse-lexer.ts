import type { Field, JsonStep } from './ast.js';
import { parseError } from './errors.js';

// The query-string grammar's tokens (reference §2.2-2.7): identifiers, JSON paths, top-level lists, quoting.
const IDENT_CHAR = /[\p{L}\p{N}_$]/u;

export class Cursor {
  i = 0;
  constructor(readonly s: string) {}
  get done() {
    return this.i >= this.s.length;
  }
  peek(n = 0) {
    return this.s[this.i + n];
  }
  startsWith(t: string) {
    return this.s.startsWith(t, this.i);
  }
  rest() {
    return this.s.slice(this.i);
  }
}

/** "quoted" (backslash escapes) or a run of identifier characters, with '-' allowed when not starting '->'. */
export function readIdentifier(c: Cursor, what: string): string {
  if (c.peek() === '"') {
    c.i++;
    let out = '';
    while (!c.done && c.peek() !== '"') {
      if (c.peek() === '\\' && c.i + 1 < c.s.length) c.i++;
      out += c.s[c.i++];
    }
    if (c.done) throw parseError(`failed to parse ${what}`, 'unterminated quoted identifier');
    c.i++;
    if (!out) throw parseError(`failed to parse ${what}`, 'empty identifier');
    return out;
  }
  const start = c.i;
  while (!c.done && (IDENT_CHAR.test(c.peek()) || (c.peek() === '-' && c.peek(1) !== '>') || c.peek() === ' ')) c.i++;
  const id = c.s.slice(start, c.i).trim();
  if (!id) throw parseError(`failed to parse ${what} (${c.s})`, `unexpected "${c.peek() ?? 'end of input'}" expecting an identifier`);
  return id;
}

export function readField(c: Cursor, what: string): Field {
  const column = readIdentifier(c, what);
  const path: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.i += arrow.length;
    const m = /^-?\d+(?![\p{L}_$])/u.exec(c.rest());
    if (m) {
      path.push({ arrow, key: Number(m[0]) });
      c.i += m[0].length;
    } else path.push({ arrow, key: readIdentifier(c, what) });
  }
  return { column, path };
}

/** Splits on top-level commas, respecting "quotes", (parens) and {braces}. */
export function splitTopLevel(s: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') {
      if (--depth < 0) throw parseError(`failed to parse ${what} (${s})`, 'unbalanced parentheses');
    } else if (ch === ',' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) throw parseError(`failed to parse ${what} (${s})`, 'unbalanced quotes or parentheses');
  parts.push(s.slice(start));
  return parts;
}

export function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}
