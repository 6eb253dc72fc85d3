import type { SignInPaneProps } from './auth-forms';
import { PasskeySignIn } from './passkey-sign-in';
import { SignInForm } from './sign-in-form';

/** The Sign In tab: the password form, then passkey sign-in. */
export function SignInPane({ onSuccess, onForgotPassword, onConfirmationSent }: SignInPaneProps) {
  return (
    <>
      <SignInForm onSuccess={onSuccess} onForgotPassword={onForgotPassword} onConfirmationSent={onConfirmationSent} />
      <PasskeySignIn onSuccess={onSuccess} />
    </>
  );
}
