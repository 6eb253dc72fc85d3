import { HubPage } from '@/features/content/components/hub-page';
import { ADVERTISING_HUB } from '@/features/content/hubs';

export function Component() {
  return <HubPage content={ADVERTISING_HUB} />;
}
