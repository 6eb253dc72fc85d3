import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
    document.title = document.title.replace('Vibe Business Coach', config.brandName);
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={createRouter()} />
      </StrictMode>,
    );
  } catch (err) {
    console.error('Start-up failed', err);
    root.innerHTML = applicationErrorHtml(err instanceof Error ? err.message : String(err));
  }
}

void start();
