import { NinetyDayContent } from '@/features/content/components/ninety-day-content';

export function Component() {
  return <NinetyDayContent />;
}
