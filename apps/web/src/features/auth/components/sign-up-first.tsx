import type { AuthForms } from './auth-forms';
import { laterComponent } from './later-step';
import { SignUpForm } from './sign-up-form';

const loadSignIn = () => import('./sign-in-pane').then((m) => ({ default: m.SignInPane }));

/** /sign-up's card: the Sign Up tab in the page's code, the Sign In tab (with passkeys) on use. */
export const signUpFirst: AuthForms = { SignIn: laterComponent(loadSignIn), SignUp: SignUpForm, preload: () => void loadSignIn() };
