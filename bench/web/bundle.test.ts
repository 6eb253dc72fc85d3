import { describe, expect, it } from 'vitest';
import { bundleReport, routesFromSource, type Manifest } from './bundle.js';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/pages/pricing.tsx', 'sb.mjs'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_forms.js': { file: 'assets/forms.js', css: ['assets/forms.css'] },
  'src/pages/pricing.tsx': {
    file: 'assets/pricing.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_forms.js'],
    css: ['assets/index.css'],
  },
  'sb.mjs': { file: 'assets/sb.js', isDynamicEntry: true },
};
const sizes: Record<string, number> = {
  'assets/index.js': 1000,
  'assets/react.js': 5000,
  'assets/forms.js': 700,
  'assets/pricing.js': 300,
  'assets/sb.js': 4000,
  'assets/index.css': 800,
  'assets/forms.css': 100,
};
const sizeOf = (f: string) => ({ bytes: sizes[f], gzip: sizes[f] / 4 });

describe('bundleReport', () => {
  const r = bundleReport(manifest, new Map([['src/pages/pricing.tsx', '/pricing']]), sizeOf);

  it('sums the entry with its static imports', () => {
    expect(r.entry).toMatchObject({ module: 'index.html', jsBytes: 6000, jsGzip: 1500, cssBytes: 800, chunks: 2 });
  });

  it('counts for a route only what it adds on top of the entry (shared chunks and CSS once)', () => {
    const pricing = r.routes.find((x) => x.route === '/pricing');
    expect(pricing).toMatchObject({ jsBytes: 1000, cssBytes: 100, chunks: 2 });
  });

  it('lists unnamed lazy modules as shared chunks after the routes', () => {
    expect(r.routes.map((x) => x.route)).toEqual(['/pricing', '(shared, loaded on demand)']);
  });

  it('gives nothing for a manifest without an entry', () => {
    expect(bundleReport({}, new Map(), sizeOf)).toEqual({ entry: null, routes: [] });
  });
});

describe('routesFromSource', () => {
  it('maps page modules to their paths through the path constants', () => {
    const router = `import { Component as HomePage } from '@/pages/home';
      { path: paths.home, Component: HomePage },
      { path: paths.pricing, ...page(() => import('@/pages/pricing')) },
      { path: '*', ...page(() => import('@/pages/not-found')) },`;
    const paths = `export const paths = {\n  home: '/',\n  pricing: '/pricing',\n};`;
    const m = routesFromSource(router, paths);
    expect(m.get('src/pages/pricing.tsx')).toBe('/pricing');
    expect(m.get('src/pages/not-found.tsx')).toBe('*');
    expect(m.get('index.html')).toBe('entry (every page; includes /)');
  });
});
