import '../coach.css';
import { Bot, ChevronDown, ChevronUp, SquarePen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { coachMessages } from '@/lib/coach-messages';
import { CoachNotConfigured, coachConfiguredByServer } from './not-configured';

// The chat (AI SDK, transport, Markdown) loads when the panel is first opened.
const CoachChat = lazy(() => import('./coach-chat').then((m) => ({ default: m.CoachChat })));

/** The floating assistant on /dashboard: the coach through its 'panel' door, collapsed until opened. */
export function CoachPanel() {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  return (
    <aside
      aria-label="AI assistant"
      className="fixed bottom-4 right-4 z-40 flex w-[26rem] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-black/40"
    >
      <div className="flex items-center bg-gradient-to-r from-violet-600 to-cyan-600 text-white">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="assistant-body"
          onClick={() => setOpen((o) => !o)}
          className="flex flex-1 items-center gap-2 px-4 py-3 text-left text-sm font-semibold"
        >
          <Bot aria-hidden className="size-4" /> {coachMessages.title}
          <span className="ml-auto">
            {open ? <ChevronDown aria-hidden className="size-4" /> : <ChevronUp aria-hidden className="size-4" />}
          </span>
          <span className="sr-only">{open ? 'Collapse' : 'Expand'}</span>
        </button>
        {open && coachConfiguredByServer() && (
          <button
            type="button"
            title={coachMessages.newConversation}
            aria-label={coachMessages.newConversation}
            onClick={() => setSession((n) => n + 1)}
            className="mr-2 rounded-md p-2 hover:bg-white/15"
          >
            <SquarePen aria-hidden className="size-4" />
          </button>
        )}
      </div>
      {open && !coachConfiguredByServer() && (
        <div id="assistant-body">
          <CoachNotConfigured />
        </div>
      )}
      {open && coachConfiguredByServer() && (
        <div id="assistant-body" className="flex h-[min(32rem,calc(100vh-8rem))] flex-col">
          <Suspense
            fallback={
              <div className="m-auto">
                <Spinner className="size-5 text-primary" label="Loading the coach" />
              </div>
            }
          >
            <CoachChat key={session} door="panel" conversationId={null} greeting={coachMessages.greeting} className="h-full" />
          </Suspense>
        </div>
      )}
    </aside>
  );
}
