import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/design.md: public pages use the colour tokens (text-foreground, text-muted-foreground, border-border, bg-card,
// bg-section...), never raw greys, white text or hex fills, so the light pages are a variant of the same design
// (issue 18). White stays allowed on a coloured fill (the gradient badges, the selected currency), where the fill
// is the same on both surfaces. The site chrome (top bar, footer, drawer) is dark on every page on purpose and is
// not checked.
const SRC = path.resolve(import.meta.dirname, '..');
const PUBLIC = [
  'features/landing',
  'features/content',
  'features/waitlist',
  'features/pricing',
  'features/contact',
  'features/consent',
  'features/booking',
  'pages/contact.tsx',
  'pages/home.tsx',
  'pages/not-found.tsx',
  'pages/pricing.tsx',
  'pages/sign-in.tsx',
  'pages/sign-up.tsx',
];
const RAW =
  /(?<![\w-])(?:(?:hover:|focus:)?(?:text|bg|border|divide)-(?:slate|zinc|gray|neutral|stone)-\d+|(?:hover:)?text-white(?![\w/-])|border-white\/10|bg-\[#[0-9a-f]{3,8}\])/gi;
const COLOURED_FILL = /bg-gradient|bg-primary|bg-violet-[5-9]00(?!\/)|bg-cyan-[5-9]00(?!\/)/;

function files(p: string): string[] {
  const full = path.join(SRC, p);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((f) => files(path.join(p, f)));
}

/** Raw palette classes on lines that are not a coloured fill, as "file:line class". */
function rawPaletteUses(source: string, name: string): string[] {
  return source
    .split('\n')
    .flatMap((line, i) => (COLOURED_FILL.test(line) ? [] : [...line.matchAll(RAW)].map((m) => `${name}:${i + 1} ${m[0]}`)));
}

describe('public pages use the design tokens', () => {
  it('finds a raw class where there is one (the check can fail)', () => {
    expect(rawPaletteUses('<p className="mt-2 text-slate-300">', 'x.tsx')).toEqual(['x.tsx:1 text-slate-300']);
    expect(rawPaletteUses('<h2 className="text-white">', 'x.tsx')).toEqual(['x.tsx:1 text-white']);
    expect(rawPaletteUses('<div className="bg-[#0d1326]">', 'x.tsx')).toEqual(['x.tsx:1 bg-[#0d1326]']);
    expect(rawPaletteUses('<span className="bg-gradient-to-br from-violet-600 text-white">', 'x.tsx')).toEqual([]);
    expect(rawPaletteUses('<p className="text-muted-foreground border-border bg-section">', 'x.tsx')).toEqual([]);
  });

  it('no public page source uses raw greys, white text or hex fills', () => {
    const found = PUBLIC.flatMap(files)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .flatMap((f) => rawPaletteUses(readFileSync(f, 'utf8'), path.relative(SRC, f)));
    expect(found).toEqual([]);
  });
});
