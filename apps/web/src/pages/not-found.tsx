import { PagePlaceholder } from '@/components/page-placeholder';
import { messages } from '@/lib/messages';

export function Component() {
  return (
    <PagePlaceholder title={messages.app.notFoundTitle}>
      <p className="text-muted-foreground">The page you were looking for does not exist or has moved.</p>
    </PagePlaceholder>
  );
}
