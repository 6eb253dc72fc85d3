import { lazy } from 'react';
import type { AuthForms, SignInPaneProps } from './auth-forms';
import { LaterStep } from './later-step';
import { SignUpForm } from './sign-up-form';

const loadSignIn = () => import('./sign-in-pane').then((m) => ({ default: m.SignInPane }));
const SignInPane = lazy(loadSignIn);

function LaterSignIn(props: SignInPaneProps) {
  return (
    <LaterStep>
      <SignInPane {...props} />
    </LaterStep>
  );
}

/** /sign-up's card: the Sign Up tab in the page's code, the Sign In tab (with passkeys) on use. */
export const signUpFirst: AuthForms = { SignIn: LaterSignIn, SignUp: SignUpForm, preload: () => void loadSignIn() };
