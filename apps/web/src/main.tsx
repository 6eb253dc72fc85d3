import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applicationErrorHtml } from './app/application-error';
import { createRouter } from './app/router';
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
    const config = await loadRuntimeConfig();
    if (config.errorReporting) installErrorReporting();
    // Prerendered public pages (apps/web/prerender.mjs) are hydrated; private routes get the empty shell.
    const prerendered = root.dataset.prerendered === 'true';
    const app = (
      <StrictMode>
        <RouterProvider router={await createRouter(prerendered)} />
      </StrictMode>
    );
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  } catch (err) {
    console.error('Start-up failed', err);
    root.innerHTML = applicationErrorHtml(err instanceof Error ? err.message : String(err));
  }
}

void start();
