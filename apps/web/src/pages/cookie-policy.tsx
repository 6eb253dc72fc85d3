import { CookiePolicyContent } from '@/features/content/components/cookie-policy-content';

export function Component() {
  return <CookiePolicyContent />;
}
