import '../coach.css';
import { Bot } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { runtimeConfig } from '@/lib/runtime-config';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { coachMessages } from '@/lib/messages/coach';
import { paths } from '@/lib/paths';
import { CoachNotConfigured, coachConfiguredByServer } from './not-configured';

const CoachChat = lazy(() => import('./coach-chat').then((m) => ({ default: m.CoachChat })));
const VisitorAssistantChat = lazy(() => import('./visitor-assistant-chat').then((m) => ({ default: m.VisitorAssistantChat })));

/** The Integration Assistant tab on /connect-anything: the coach, opened with the catalogue in focus. */
export function IntegrationAssistant() {
  const { isLoaded, isSignedIn } = useAuth();
  let body;
  // A visitor gets catalogue answers within the server's visitor limits when it offers them, else an invitation to
  // sign in; never the operators' "not set up" note, which is for signed-in users, whose coach it is.
  if (!isLoaded) body = <Spinner className="m-6 size-5 text-primary" label="Loading" />;
  else if (!isSignedIn && runtimeConfig().visitorAssistant)
    body = (
      <Suspense fallback={<Spinner className="m-6 size-5 text-primary" label="Loading the assistant" />}>
        <VisitorAssistantChat />
      </Suspense>
    );
  else if (!isSignedIn)
    body = (
      <div className="flex flex-col gap-4 p-4 sm:p-6" data-testid="assistant-sign-in">
        <p className="max-w-prose self-start rounded-lg bg-secondary px-4 py-3 text-sm">{coachMessages.integrationGreeting}</p>
        <div className="flex flex-col items-center gap-3 border-t pt-4 text-center">
          <p className="max-w-sm text-sm text-muted-foreground">{coachMessages.signInRequired}</p>
          <Button asChild variant="gradient" size="sm">
            <Link to={paths.signIn} state={{ from: paths.connectAnything }}>
              Sign in
            </Link>
          </Button>
        </div>
      </div>
    );
  else if (!coachConfiguredByServer()) body = <CoachNotConfigured />;
  else
    body = (
      <Suspense fallback={<Spinner className="m-6 size-5 text-primary" label="Loading the coach" />}>
        <CoachChat
          door="integration_assistant"
          conversationId={null}
          greeting={coachMessages.integrationGreeting}
          placeholder={coachMessages.integrationPlaceholder}
          inputLabel={coachMessages.integrationInputLabel}
          className="h-[28rem]"
        />
      </Suspense>
    );
  return (
    <section aria-label="Integration Assistant" className="mx-auto flex max-w-3xl flex-col rounded-lg border bg-card">
      <header className="flex items-center gap-3 border-b p-4">
        <span className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-cyan-500">
          <Bot aria-hidden className="size-5 text-white" />
        </span>
        <div>
          <h2 className="font-semibold">Integration Assistant</h2>
          <p className="text-xs text-muted-foreground">Your AI coach, with our app catalogue in focus</p>
        </div>
      </header>
      {body}
    </section>
  );
}
