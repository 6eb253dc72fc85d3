import { JoinWaitlistView } from '@/features/waitlist/components/join-waitlist-view';

export function Component() {
  return <JoinWaitlistView />;
}
