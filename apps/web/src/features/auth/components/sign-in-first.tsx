import type { AuthForms } from './auth-forms';
import { laterComponent } from './later-step';
import { SignInPane } from './sign-in-pane';

const loadSignUp = () => import('./sign-up-form').then((m) => ({ default: m.SignUpForm }));

/** /sign-in's card: the Sign In tab in the page's code, the Sign Up tab on use. */
export const signInFirst: AuthForms = { SignIn: SignInPane, SignUp: laterComponent(loadSignUp), preload: () => void loadSignUp() };
