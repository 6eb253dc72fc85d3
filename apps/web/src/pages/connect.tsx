import { ConnectContent } from '@/features/content/components/connect-content';

export function Component() {
  return <ConnectContent />;
}
