import { ThanksView } from '@/features/waitlist/components/thanks-view';

export function Component() {
  return <ThanksView />;
}
