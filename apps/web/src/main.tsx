import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { applicationErrorHtml } from './app/application-error';
import { BrandFontsAfterHydration } from './lib/brand-fonts';
import { AppRoutes, preloadPage, routeFor } from './app/router';
import { moveMailedLinkLanding } from './lib/mailed-link-landing';
import { loadRuntimeConfig } from './lib/runtime-config';
import './index.css';

async function start() {
  const root = document.getElementById('root');
  if (!root) {
    document.body.innerHTML = applicationErrorHtml('The page is missing its root element.');
    return;
  }
  moveMailedLinkLanding();
  try {
    // The current page's chunk (preloaded by the HTML, decision 0055) downloads while the config is fetched; a private
    // page's supabase-js needs the config, so the page is made ready after it.
    void routeFor(window.location.pathname).load?.();
    const config = await loadRuntimeConfig();
    // The error reporter is its own chunk, loaded beside the page's only where the server has a tracker (issue 15).
    await Promise.all([
      preloadPage(window.location.pathname),
      config.errorReporting && import('./lib/error-reporting').then((m) => m.installErrorReporting()),
    ]);
    // Prerendered public pages (apps/web/prerender.mjs) are hydrated; private routes get the empty shell.
    const app = (
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <BrandFontsAfterHydration />
      </StrictMode>
    );
    // Hydrated as a transition, as React Router's own entry does: React then yields to the browser every few
    // milliseconds instead of hydrating the whole page in one long task (Lighthouse's TBT on phones, issue 15).
    if (root.dataset.prerendered === 'true') startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  } catch (err) {
    console.error('Start-up failed', err);
    root.innerHTML = applicationErrorHtml(err instanceof Error ? err.message : String(err));
  }
}

void start();
