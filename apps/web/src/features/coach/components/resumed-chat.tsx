import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import type { CoachDoor } from '@app/shared';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { coachMessages } from '@/lib/messages/coach';
import { conversationQuery } from '../api/queries';

const CoachChat = lazy(() => import('./coach-chat').then((m) => ({ default: m.CoachChat })));

/** A stored conversation, loaded then continued (keyed by id by its caller, so switching starts a fresh chat). */
export function ResumedChat({ id, door, onConversation }: { id: string; door: CoachDoor; onConversation?(c: { id: string }): void }) {
  const history = useQuery(conversationQuery(id));
  if (history.isPending)
    return (
      <div className="m-auto">
        <Spinner className="size-6 text-primary" label="Loading the coach" />
      </div>
    );
  if (history.isError)
    return (
      <Alert variant="destructive" className="m-4">
        {coachMessages.loadFailed}
      </Alert>
    );
  return (
    <CoachChat
      door={door}
      conversationId={id}
      initialMessages={history.data}
      greeting={coachMessages.greeting}
      onConversation={onConversation}
      className="h-full"
    />
  );
}
