import { lazy } from 'react';
import type { AuthForms, SignUpPaneProps } from './auth-forms';
import { LaterStep } from './later-step';
import { SignInPane } from './sign-in-pane';

const loadSignUp = () => import('./sign-up-form').then((m) => ({ default: m.SignUpForm }));
const SignUpForm = lazy(loadSignUp);

function LaterSignUp(props: SignUpPaneProps) {
  return (
    <LaterStep>
      <SignUpForm {...props} />
    </LaterStep>
  );
}

/** /sign-in's card: the Sign In tab in the page's code, the Sign Up tab on use. */
export const signInFirst: AuthForms = { SignIn: SignInPane, SignUp: LaterSignUp, preload: () => void loadSignUp() };
