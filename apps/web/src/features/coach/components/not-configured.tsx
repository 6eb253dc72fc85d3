import { Bot } from 'lucide-react';
import { messages } from '@/lib/messages';
import { runtimeConfig } from '@/lib/runtime-config';

/** /api/config says no AI provider is configured: every door shows this instead of an input. */
export const coachConfiguredByServer = () => runtimeConfig().coach?.configured !== false;

export function CoachNotConfigured() {
  return (
    <div role="status" data-testid="coach-not-configured" className="flex flex-col items-center gap-3 p-6 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-secondary">
        <Bot aria-hidden className="size-5 text-muted-foreground" />
      </span>
      <p className="font-semibold">{messages.coach.notConfiguredTitle}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{messages.coach.notConfigured}</p>
    </div>
  );
}
