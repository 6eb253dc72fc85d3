import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { applicationErrorHtml } from './app/application-error';
import { AppRoutes, preloadPage } from './app/router';
import { installErrorReporting } from './lib/error-reporting';
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
    // The current page's chunk (preloaded by the HTML, decision 0055) loads while the config is fetched.
    const [config] = await Promise.all([loadRuntimeConfig(), preloadPage(window.location.pathname)]);
    if (config.errorReporting) installErrorReporting();
    // Prerendered public pages (apps/web/prerender.mjs) are hydrated; private routes get the empty shell.
    const app = (
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>
    );
    if (root.dataset.prerendered === 'true') hydrateRoot(root, app);
    else createRoot(root).render(app);
  } catch (err) {
    console.error('Start-up failed', err);
    root.innerHTML = applicationErrorHtml(err instanceof Error ? err.message : String(err));
  }
}

void start();
