import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useRecoverySession } from '@/features/auth/use-recovery-session';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';

/** /reset-password (docs/product.md#password-reset): verifying, then the form or the invalid-link page. */
export function Component() {
  const recovery = useRecoverySession();
  return (
    <AuthPageShell>
      <Card className="w-full max-w-md shadow-xl">
        {recovery.status === 'verifying' && (
          <CardContent className="flex justify-center py-16">
            <Spinner className="size-7 text-primary" label={messages.reset.verifying} />
          </CardContent>
        )}
        {recovery.status === 'valid' && (
          <>
            <CardHeader className="text-center">
              <CardTitle as="h1" className="text-2xl">
                Choose a new password
              </CardTitle>
              <CardDescription>Enter and confirm your new password.</CardDescription>
            </CardHeader>
            <CardContent>
              <ResetPasswordForm />
            </CardContent>
          </>
        )}
        {recovery.status === 'invalid' && (
          <>
            <CardHeader className="text-center">
              <CardTitle as="h1" className="text-2xl">
                {messages.reset.invalidTitle}
              </CardTitle>
              <CardDescription className="text-red-700">{recovery.error}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <p className="text-center text-sm text-muted-foreground">{messages.reset.invalidNote}</p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button asChild className="sm:flex-1">
                  <Link to={paths.signIn}>Go to Sign In</Link>
                </Button>
                <Button asChild variant="outline" className="sm:flex-1">
                  <Link to={paths.home}>Go to Homepage</Link>
                </Button>
              </div>
            </CardContent>
          </>
        )}
      </Card>
    </AuthPageShell>
  );
}
