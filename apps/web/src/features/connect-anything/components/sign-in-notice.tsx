import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';

/** Visitors can browse; sending anything needs an account. */
export function SignInNotice({ what }: { what: string }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-primary/40 bg-primary/10 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold">{messages.connectAnything.signInToSubmit}</p>
        <p className="text-sm text-muted-foreground">You can browse freely; {what} requires a free account.</p>
      </div>
      <Button asChild size="sm">
        <Link to={paths.signIn} state={{ from: paths.connectAnything }}>
          <LogIn aria-hidden /> Sign in
        </Link>
      </Button>
    </div>
  );
}
