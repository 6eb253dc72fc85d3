import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';

/** The sign-in link that brings a visitor back to the directory afterwards. */
export function SignInToSendLink({ label = 'Sign in', size = 'sm' }: { label?: string; size?: 'sm' | 'default' }) {
  return (
    <Button asChild size={size}>
      <Link to={paths.signIn} state={{ from: paths.connectAnything }}>
        <LogIn aria-hidden /> {label}
      </Link>
    </Button>
  );
}

/** Visitors can browse; sending anything needs an account. */
export function SignInNotice({ what, action = true }: { what: string; action?: boolean }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-primary/40 bg-primary/10 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold">{messages.connectAnything.signInToSubmit}</p>
        <p className="text-sm text-muted-foreground">{messages.connectAnything.browseFreely(what)}</p>
      </div>
      {action && <SignInToSendLink />}
    </div>
  );
}
