import { HubPage } from '@/features/content/components/hub-page';
import { WEBSITE_HUB } from '@/features/content/hubs';

export function Component() {
  return <HubPage content={WEBSITE_HUB} />;
}
