import { paths } from '@/lib/paths';

/** The drawer's Platform list (docs/product.md#mobile-drawer), also the desktop links. */
export const PLATFORM_LINKS = [
  { label: '90-Day Transform', to: paths.ninetyDay },
  { label: 'Pricing Plans', to: paths.pricing },
  { label: 'Experience Demo', to: paths.demo },
  { label: 'Test & Compare', to: paths.connectAnything },
] as const;

export const SOLID_NAV_AFTER_PX = 20;
