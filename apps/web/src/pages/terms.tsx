import { TermsContent } from '@/features/content/components/terms-content';

export function Component() {
  return <TermsContent />;
}
