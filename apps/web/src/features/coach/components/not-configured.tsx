import { Bot } from 'lucide-react';
import { coachMessages } from '@/lib/messages/coach';
import { runtimeConfig } from '@/lib/runtime-config';

/** False when /api/config says no AI provider is configured (then every door shows CoachNotConfigured). */
export function coachConfiguredByServer(): boolean {
  const coach = runtimeConfig().coach;
  // an older server without the field: the coach endpoint's own answer (503 ai_not_configured) decides
  return !(typeof coach === 'object' && coach !== null && (coach as { configured?: unknown }).configured === false);
}

export function CoachNotConfigured() {
  return (
    <div role="status" data-testid="coach-not-configured" className="flex flex-col items-center gap-3 p-6 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-secondary">
        <Bot aria-hidden className="size-5 text-muted-foreground" />
      </span>
      <p className="font-semibold">{coachMessages.notConfiguredTitle}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{coachMessages.notConfigured}</p>
    </div>
  );
}
