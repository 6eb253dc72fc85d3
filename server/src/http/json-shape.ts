/**
 * Caps on the shape of a JSON request body (issue 38), checked on the text before JSON.parse: V8 parses a deeply
 * nested document in time that grows faster than its length (a 1 MB `[[[…]]]` blocks the event loop for about half
 * a second), and every later walk of the value (zod, jsonb) pays for its depth and size again. The byte size is
 * bounded earlier by BODY_LIMIT_BYTES. Listed in docs/security.md ("Request limits").
 */

/** Deepest nesting of arrays and objects. */
export const MAX_JSON_DEPTH = 64;
/** Most values in one body: object members plus array elements, at every level (a 500-event analytics batch is ~9,000). */
export const MAX_JSON_MEMBERS = 20_000;

export interface JsonShapeCaps {
  depth: number;
  members: number;
}

/**
 * Routes that take bigger bodies, each with its own caps (the body-size limit and both guards read this): a CRM
 * import is one transaction of up to 20,000 rows, all or nothing, so it cannot be split into requests (docs/crm.md).
 */
export const LARGE_BODY_ROUTES: Readonly<Record<string, JsonShapeCaps & { bytes: number }>> = {
  '/functions/v1/crm/import': { bytes: 16_000_000, depth: 8, members: 400_000 },
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const isSpace = (ch: number) => ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x09;

/**
 * Why the JSON text is over the caps (the defaults above; smaller ones in tests), or null (also for text that is not JSON: the parser says what is wrong with it).
 * One pass, outside strings: depth from the brackets; members from the commas, plus one per non-empty container.
 */
export function jsonShapeProblem(text: string, caps: JsonShapeCaps = { depth: MAX_JSON_DEPTH, members: MAX_JSON_MEMBERS }): string | null {
  let depth = 0;
  let members = 0;
  let inString = false;
  let previous = 0; // the last character outside strings that is not white space
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
      continue;
    }
    if (isSpace(ch)) continue;
    if (ch === QUOTE) inString = true;
    else if (ch === OPEN_ARRAY || ch === OPEN_OBJECT) {
      if (++depth > caps.depth) return `Request body is nested deeper than ${caps.depth} levels`;
    } else if (ch === CLOSE_ARRAY || ch === CLOSE_OBJECT) {
      depth--;
      if (previous !== OPEN_ARRAY && previous !== OPEN_OBJECT) members++;
    } else if (ch === COMMA) members++;
    if (members > caps.members) return `Request body has more than ${caps.members} values (object members and array elements)`;
    previous = ch;
  }
  return null;
}
