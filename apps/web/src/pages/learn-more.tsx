import { LearnMoreContent } from '@/features/content/components/learn-more-content';

export function Component() {
  return <LearnMoreContent />;
}
