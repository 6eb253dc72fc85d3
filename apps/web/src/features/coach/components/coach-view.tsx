import '../coach.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { coachMessages } from '@/lib/coach-messages';
import { conversationQuery } from '../api/queries';
import { ConversationList } from './conversation-list';
import { CoachNotConfigured, coachConfiguredByServer } from './not-configured';

const CoachChat = lazy(() => import('./coach-chat').then((m) => ({ default: m.CoachChat })));
const loading = (
  <div className="m-auto">
    <Spinner className="size-6 text-primary" label="Loading the coach" />
  </div>
);

/** A stored conversation, loaded then continued (keyed by id so switching conversations starts a fresh chat). */
function ResumedChat({ id, onConversation }: { id: string; onConversation(c: { id: string }): void }) {
  const history = useQuery(conversationQuery(id));
  if (history.isPending) return loading;
  if (history.isError)
    return (
      <Alert variant="destructive" className="m-4">
        {coachMessages.loadFailed}
      </Alert>
    );
  return (
    <CoachChat
      door="coach_view"
      conversationId={id}
      initialMessages={history.data}
      greeting={coachMessages.greeting}
      onConversation={onConversation}
      className="h-full"
    />
  );
}

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
            <ResumedChat key={session.key} id={session.resumeId} onConversation={named} />
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
