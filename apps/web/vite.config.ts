import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CONSENT_GATE_SCRIPT } from '../../packages/shared/src/consent-gate';

/** Writes .gz and .br beside every text asset so the server sends them precompressed, at no runtime cost. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // The SSR build (build.mjs) is only read by the prerender, which compresses what it writes itself.
    apply: (_c, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const p = path.join(dir, f);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body));
      }
    },
  };
}

/**
 * The consent gate (packages/shared/src/consent-gate.ts) right after the charset, before the stylesheet (an inline
 * script after it would wait for it), in development and in the build alike.
 */
function consentGate(): Plugin {
  const charset = '<meta charset="UTF-8" />';
  return {
    name: 'consent-gate',
    transformIndexHtml(html) {
      if (!html.includes(charset)) throw new Error(`index.html has no ${charset}`);
      return html.replace(charset, `${charset}\n    <script>${CONSENT_GATE_SCRIPT}</script>`);
    },
  };
}

/**
 * React Router ships every router (data, framework, RSC) in one module whose top-level statements keep the unused
 * parts alive: `Form.displayName = "Form"` (read by React's development build and DevTools alone) and contexts and
 * components made by unannotated calls. Dropping the first and marking the calls pure lets the bundler remove what
 * this app does not use, ~1.4 kB gzip of every first visit (issue 15, decision 0092). Client production build only.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: (_c, env) => env.command === 'build' && !env.isSsrBuild,
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        return code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g, '/* @__PURE__ */ $1');
      },
    },
  };
}

/**
 * What every page loads first (the entry's static imports, rolldown's `$initial` modules) in the entry chunk, not in
 * the half-dozen files automatic splitting cuts it into by which lazy routes also use each part: every page makes four
 * requests fewer and loads no more code (the home page 7 → 3 JavaScript files, 99.2 → 98.0 kB gzip; decision 0212).
 * Client build only: the SSR build is one file for the prerender.
 */
const ENTRY_IN_ONE_CHUNK = { groups: [{ name: 'entry-deps', tags: ['$initial' as const] }] };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), consentGate(), precompress(), treeShakeReactRouter()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // The year the prerendered footer shows; lib/current-year hydrates from it, then shows the visitor's year.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser of the es2022 target but Safari 15.4–16 preloads modules itself; there a preload is only skipped
    // (the imports load as the modules run). The polyfill was ~0.5 kB gzip of every first visit (decision 0098).
    modulePreload: false,
    ...(isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: ENTRY_IN_ONE_CHUNK } } }),
  },
  server: {
    // Fixed address: scripts/dev.mjs gives it to the server as SITE_URL (the API address the browser is told to use).
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      ['/api', '/auth/v1', '/rest/v1', '/functions/v1', '/_dev'].map((p) => [
        p,
        { target: process.env.API_URL ?? 'http://127.0.0.1:3000', ws: true },
      ]),
    ),
  },
}));
