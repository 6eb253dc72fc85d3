import { FONTS_AFTER_PAINT, HYDRATE_AFTER_PAINT_SCRIPT, HYDRATE_TEMPLATE_ID } from '@app/shared/hydrate-after-paint';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes, preloadPage } from './app/router';
import { loadEveryDeferredPart } from './lib/deferred-hydration/deferred-part';
import { paths } from './lib/paths';
import { setRuntimeConfig, type RuntimeConfig } from './lib/runtime-config';

/**
 * Build-time render of one route (apps/web/prerender.mjs). Pages read the brand name, booking and video URLs and the
 * operator's contact details while rendering: they come from the same variables as the server's (and its defaults:
 * the operator's settings have none), and the server serves the prerendered HTML only when its own values are these
 * (decision 0046).
 */
export const PRERENDER_CONFIG: RuntimeConfig = {
  supabaseUrl: 'http://prerender.invalid',
  anonKey: 'prerender',
  brandName: process.env.BRAND_NAME || 'Vibe Business Coach',
  bookingUrl: process.env.BOOKING_URL || undefined,
  introVideoUrl: process.env.INTRO_VIDEO_URL || undefined,
  contact: {
    email: process.env.CONTACT_EMAIL || undefined,
    phone: process.env.CONTACT_PHONE || undefined,
    phone2: process.env.CONTACT_PHONE_2 || undefined,
    address: process.env.CONTACT_ADDRESS || undefined,
  },
  voiceAvailable: false,
  sessionTimeoutMinutes: 240,
  sessionWarningMinutes: 10,
};

export async function render(pathname: string): Promise<string> {
  setRuntimeConfig(PRERENDER_CONFIG);
  // No inline script (the CSP forbids it) and no loaders: main.tsx starts from the same state.
  await preloadPage(pathname);
  // Parts a browser hydrates late are in the HTML like the rest (lib/deferred-hydration).
  await loadEveryDeferredPart();
  return renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
}

export { NOINDEX_PREFIXES, NOT_FOUND_META, PUBLIC_PAGES } from './lib/page-meta';
/** Every client route: the server answers them with the shell, anything else with the not-found page. */
export const APP_ROUTES: readonly string[] = Object.values(paths);

/**
 * How a prerendered page loads its scripts and brand fonts after its first paint (prerender.mjs moves the scripts
 * into the template and marks `<html>` with the fonts' attribute).
 */
export const HYDRATE_LOADER = { script: HYDRATE_AFTER_PAINT_SCRIPT, templateId: HYDRATE_TEMPLATE_ID, fonts: FONTS_AFTER_PAINT };
