import { BRAND } from './brand';
import { paths } from './paths';

/** Which share image a page uses (apps/web/public/og/<family>.jpg). */
export type PageFamily = 'home' | 'product' | 'pricing' | 'waitlist' | 'compare' | 'legal' | 'account';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
  family: PageFamily;
}

/**
 * Every public route, prerendered at build time (apps/web/prerender) with this head, listed in sitemap.xml and
 * titled on client navigation. Routes not listed here are private or one-off links: the SPA shell, noindex.
 */
export const PUBLIC_PAGES: readonly PageMeta[] = [
  {
    path: paths.home,
    title: `${BRAND}: AI business coaching and marketing platform`,
    description:
      'Your AI business coach: marketing, website, brand and advertising intelligence for entrepreneurs and small businesses. Designed in the UK.',
    family: 'home',
  },
  {
    path: paths.pricing,
    title: `Pricing plans | ${BRAND}`,
    description: 'Plans for every stage of your business, from £99 a month, with a free 90-day programme to start.',
    family: 'pricing',
  },
  {
    path: paths.joinWaitlist,
    title: `Join the waiting list | ${BRAND}`,
    description: 'Join the waiting list for early access to your AI business coach and receive the free e-book.',
    family: 'waitlist',
  },
  {
    path: paths.waitlistThanks,
    title: `Thank you for joining | ${BRAND}`,
    description: 'You are on the waiting list: what happens next, and how to move up it.',
    family: 'waitlist',
  },
  {
    path: paths.learnMore,
    title: `Learn more | ${BRAND}`,
    description: 'How the AI business coach works: voice onboarding, a personal plan and coaching that knows your business.',
    family: 'product',
  },
  {
    path: paths.dashboardShowcase,
    title: `Dashboard showcase | ${BRAND}`,
    description: 'A tour of the dashboard: your plan, your tools and your coach in one place.',
    family: 'product',
  },
  {
    path: paths.demo,
    title: `Experience the demo | ${BRAND}`,
    description: 'See the AI business coach in action in a two-minute video and an interactive demo.',
    family: 'product',
  },
  {
    path: paths.ninetyDay,
    title: `The 90-day programme | ${BRAND}`,
    description: 'Ninety days from idea to traction: a week-by-week programme guided by your AI business coach.',
    family: 'product',
  },
  {
    path: paths.connectAnything,
    title: `Connect anything: test and compare tools | ${BRAND}`,
    description: 'A directory of business tools and integrations: search, compare and connect the ones that fit.',
    family: 'product',
  },
  {
    path: paths.connect,
    title: `Connect your tools | ${BRAND}`,
    description: 'Bring your website, social, advertising and sales tools together around one AI business coach.',
    family: 'product',
  },
  {
    path: paths.websiteHub,
    title: `Website hub | ${BRAND}`,
    description: 'Website intelligence for small businesses: what to fix, what to add and what it is worth.',
    family: 'product',
  },
  {
    path: paths.brandHub,
    title: `Brand hub | ${BRAND}`,
    description: 'Brand intelligence for small businesses: positioning, voice and consistency, coached step by step.',
    family: 'product',
  },
  {
    path: paths.advertisingHub,
    title: `Advertising hub | ${BRAND}`,
    description: 'Advertising intelligence for small businesses: where to spend, what to test and how to measure it.',
    family: 'product',
  },
  {
    path: paths.compareGoHighLevel,
    title: `${BRAND} vs GoHighLevel | Comparison`,
    description: `How ${BRAND} compares with GoHighLevel for entrepreneurs and small businesses.`,
    family: 'compare',
  },
  {
    path: paths.compareHubSpot,
    title: `${BRAND} vs HubSpot | Comparison`,
    description: `How ${BRAND} compares with HubSpot for entrepreneurs and small businesses.`,
    family: 'compare',
  },
  {
    path: paths.terms,
    title: `Terms of service | ${BRAND}`,
    description: `The terms on which ${BRAND} provides its service.`,
    family: 'legal',
  },
  {
    path: paths.privacy,
    title: `Privacy policy | ${BRAND}`,
    description: `How ${BRAND} collects, uses and protects your personal data under UK GDPR.`,
    family: 'legal',
  },
  {
    path: paths.cookiePolicy,
    title: `Cookie policy | ${BRAND}`,
    description: `Which cookies ${BRAND} uses, why, and how to change your choice.`,
    family: 'legal',
  },
  {
    path: paths.contact,
    title: `Contact us | ${BRAND}`,
    description: 'Questions about the AI business coach? Write to us: we reply within one working day.',
    family: 'legal',
  },
  {
    path: paths.signIn,
    title: `Sign in | ${BRAND}`,
    description: `Sign in to your ${BRAND} account.`,
    family: 'account',
  },
  {
    path: paths.signUp,
    title: `Create your account | ${BRAND}`,
    description: `Create your ${BRAND} account and meet your AI business coach.`,
    family: 'account',
  },
];

/** Head of the not-found page (served with HTTP 404). */
export const NOT_FOUND_META: PageMeta = {
  path: '/404',
  title: `Page not found | ${BRAND}`,
  description: 'The page you were looking for does not exist or has moved.',
  family: 'home',
};

/** Routes that must never be indexed (docs/product.md#routes); the SPA shell they get carries noindex too. */
export const NOINDEX_PREFIXES: readonly string[] = [paths.dashboard, paths.user, paths.admin];

export function pageMeta(pathname: string): PageMeta | undefined {
  return PUBLIC_PAGES.find((p) => p.path === pathname);
}

/** The document title of a route, in the deployment's brand; private routes share the home page's. */
export function pageTitle(pathname: string, brandName: string): string {
  const meta = pageMeta(pathname) ?? (isAppRoute(pathname) ? PUBLIC_PAGES[0] : NOT_FOUND_META);
  return meta.title.replaceAll(BRAND, brandName);
}

const APP_ROUTES: ReadonlySet<string> = new Set(Object.values(paths));
const isAppRoute = (pathname: string) => APP_ROUTES.has(pathname);
