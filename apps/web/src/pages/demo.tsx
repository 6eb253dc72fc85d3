import { DemoContent } from '@/features/content/components/demo-content';

export function Component() {
  return <DemoContent />;
}
