import { PrivacyContent } from '@/features/content/components/privacy-content';

export function Component() {
  return <PrivacyContent />;
}
