import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No error body is built by hand: every one comes from its wire's table through its helper (errors/catalogue.ts
 * with errors/json.ts and errors/auth.ts; PostgREST's rest/error-table.ts). This scans every non-test .ts file of
 * server/src for the shapes a hand-built body takes. rest/ is scanned by its own test (its table lives there).
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where bodies are built: the tables and their helpers. */
const ALLOWED = [/^errors\//, /^rest\//];

const PATTERNS: { name: string; re: RegExp }[] = [
  // c.json({ error | code | msg | error_code | success: false ... })
  { name: 'json body with an error key', re: /\.json\(\s*\{\s*(?:error|code|msg|error_code|success\s*:\s*false)\b/ },
  // new Response(JSON.stringify({ error | code | msg | message ... }))
  { name: 'JSON.stringify of an error body', re: /JSON\.stringify\(\s*\{\s*(?:error|code|msg|message|error_code|success\s*:\s*false)\b/ },
  // GoTrue's unversioned body key
  { name: 'msg: body', re: /[{,]\s*msg\s*:/ },
  // any JSON body with a message and a 4xx/5xx status
  { name: '{ message } with a 4xx/5xx status', re: /\.json\(\s*\{[^{}]*\bmessage\b[^{}]*\}\s*,\s*[45]\d\d\b/ },
  // an ApiError's body literal (a thrown body)
  { name: 'new ApiError with a literal body', re: /new\s+ApiError\(\s*[^,]+,\s*\{/ },
];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each file's hand-built bodies: "<file>:<line> <pattern>". */
function findHandBuiltBodies(root: string): string[] {
  const found: string[] = [];
  for (const file of tsFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (ALLOWED.some((re) => re.test(rel))) continue;
    const text = readFileSync(file, 'utf8');
    for (const { name, re } of PATTERNS) {
      const global = new RegExp(re.source, 'g');
      for (const m of text.matchAll(global)) found.push(`${rel}:${text.slice(0, m.index).split('\n').length} ${name}`);
    }
  }
  return found;
}

describe('error bodies', () => {
  const found = findHandBuiltBodies(SRC);
  it('are built only by the wire tables’ helpers', () => {
    expect(found).toEqual([]);
  });
});
