import { CompetitorPage } from '@/features/content/components/competitor-page';
import { VS_HUBSPOT } from '@/features/content/competitors';

export function Component() {
  return <CompetitorPage content={VS_HUBSPOT} />;
}
