import type { ComponentType } from 'react';

export interface SignInPaneProps {
  onSuccess: () => void;
  onForgotPassword: () => void;
  onConfirmationSent: (email: string) => void;
}

export interface SignUpPaneProps {
  onSuccess: () => void;
  onConfirmationSent: (email: string) => void;
}

/**
 * The sign-in card's two tabs. Each page brings the tab it shows first in its own code and the other one lazily
 * (./sign-in-first, ./sign-up-first): the tab not shown is never part of the hydration (issue 15, decision 0092).
 */
export interface AuthForms {
  SignIn: ComponentType<SignInPaneProps>;
  SignUp: ComponentType<SignUpPaneProps>;
  /** Starts loading the tab not shown first (the pointer or focus is on its way to it). */
  preload: () => void;
}
