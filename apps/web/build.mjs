// npm run build -w apps/web: the client build, then an SSR build of src/entry-server.tsx that prerender.mjs uses to
// write every public route's HTML into the output (decision 0046). Takes vite's --outDir, --emptyOutDir, --logLevel.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { prerender } from './prerender.mjs';

// A web build is always a production build: an inherited NODE_ENV (test, development) would ship React's dev runtime.
process.env.NODE_ENV = 'production';

const root = path.dirname(fileURLToPath(import.meta.url));
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const outDir = path.resolve(root, arg('--outDir') ?? 'dist');
const logLevel = arg('--logLevel') ?? 'info';

await build({ root, logLevel, build: { outDir, emptyOutDir: true } });
// Inside the repository, so the SSR bundle's external imports (react, react-router) resolve from node_modules.
const cacheDir = path.join(root, '..', '..', 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const ssrDir = mkdtempSync(path.join(cacheDir, 'web-ssr-'));
try {
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
  });
  await prerender(path.join(ssrDir, 'entry-server.js'), outDir, root);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
