import '../coach.css';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { coachMessages } from '@/lib/messages/coach';
import { ConversationList } from './conversation-list';
import { CoachNotConfigured, coachConfiguredByServer } from './not-configured';
import { ResumedChat } from './resumed-chat';

const CoachChat = lazy(() => import('./coach-chat').then((m) => ({ default: m.CoachChat })));
const loading = (
  <div className="m-auto">
    <Spinner className="size-6 text-primary" label="Loading the coach" />
  </div>
);

/** The Coach view: the conversation list beside a full-width chat. */
export function CoachView() {
  // `session` remounts the chat (a new or resumed conversation); `activeId` only highlights the list
  const [session, setSession] = useState<{ key: number; resumeId: string | null }>({ key: 0, resumeId: null });
  const [activeId, setActiveId] = useState<string | null>(null);
  if (!coachConfiguredByServer()) {
    return (
      <section className="rounded-xl border bg-card">
        <CoachNotConfigured />
      </section>
    );
  }
  const open = (id: string | null) => {
    setActiveId(id);
    setSession((s) => ({ key: s.key + 1, resumeId: id }));
  };
  const named = (c: { id: string }) => setActiveId(c.id);
  return (
    <div className="grid h-[calc(100vh-10rem)] min-h-[28rem] grid-cols-[18rem_1fr] gap-4">
      <aside className="flex min-h-0 flex-col rounded-xl border bg-card p-3">
        <ConversationList activeId={activeId} onOpen={(id) => open(id)} onNew={() => open(null)} />
      </aside>
      <section aria-label={coachMessages.title} className="flex min-h-0 flex-col rounded-xl border bg-card">
        <Suspense fallback={loading}>
          {session.resumeId ? (
            <ResumedChat key={session.key} id={session.resumeId} door="coach_view" onConversation={named} />
          ) : (
            <CoachChat
              key={session.key}
              door="coach_view"
              conversationId={null}
              greeting={coachMessages.greeting}
              onConversation={named}
              className="h-full"
            />
          )}
        </Suspense>
      </section>
    </div>
  );
}
