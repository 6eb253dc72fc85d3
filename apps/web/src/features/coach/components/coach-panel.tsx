import '../coach.css';
import { Bot, ChevronDown, ChevronUp, SquarePen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { coachMessages } from '@/lib/messages/coach';
import { CoachNotConfigured, coachConfiguredByServer } from './not-configured';
import { ResumedChat } from './resumed-chat';

// The chat (AI SDK, transport, Markdown) loads when the panel is first opened.
const CoachChat = lazy(() => import('./coach-chat').then((m) => ({ default: m.CoachChat })));

/** The panel's conversation, kept for this tab until the customer starts a new one (views come and go). */
const PANEL_CONVERSATION_KEY = 'coach-panel-conversation';
const storedConversation = () => {
  try {
    return sessionStorage.getItem(PANEL_CONVERSATION_KEY);
  } catch {
    return null;
  }
};
const keepConversation = (id: string | null) => {
  try {
    if (id) sessionStorage.setItem(PANEL_CONVERSATION_KEY, id);
    else sessionStorage.removeItem(PANEL_CONVERSATION_KEY);
  } catch {
    // storage refused: the conversation lasts as long as the panel stays mounted
  }
};

/**
 * The floating assistant on /dashboard: the coach through its 'panel' door, collapsed until opened. Collapsing
 * hides the chat without ending it; its conversation comes back when the panel does (another view, a reload),
 * until the customer starts a new one.
 */
export function CoachPanel() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [session, setSession] = useState(() => ({ key: 0, resumeId: storedConversation() }));
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
          onClick={() => {
            setOpen((o) => !o);
            setOpened(true);
          }}
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
            onClick={() => {
              keepConversation(null);
              setSession((s) => ({ key: s.key + 1, resumeId: null }));
            }}
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
      {opened && coachConfiguredByServer() && (
        <div id="assistant-body" hidden={!open} className="flex h-[min(32rem,calc(100vh-8rem))] flex-col">
          <Suspense
            fallback={
              <div className="m-auto">
                <Spinner className="size-5 text-primary" label="Loading the coach" />
              </div>
            }
          >
            {session.resumeId ? (
              <ResumedChat key={session.key} id={session.resumeId} door="panel" />
            ) : (
              <CoachChat
                key={session.key}
                door="panel"
                conversationId={null}
                greeting={coachMessages.greeting}
                onConversation={(c) => keepConversation(c.id)}
                className="h-full"
              />
            )}
          </Suspense>
        </div>
      )}
    </aside>
  );
}
