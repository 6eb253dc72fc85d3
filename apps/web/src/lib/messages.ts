/**
 * Every user-facing message of the specification, in one catalogue (part 1 §8, part 2 §8).
 * Components import from here; the texts must match the specification exactly.
 */
export const messages = {
  app: {
    somethingWentWrong: 'Something went wrong',
    applicationError: 'Application Error',
    notFoundTitle: 'Page not found',
  },
  auth: {
    initializing: 'Initializing authentication...',
    contextInitializing: 'Authentication context initializing...',
    notYetAvailable: 'Auth not yet available',
    invalidCredentials: 'Invalid email or password',
    unexpected: 'An unexpected error occurred',
    passwordsDoNotMatch: 'Passwords do not match',
    passwordTooShort: 'Password must be at least 8 characters long',
    welcomeBack: 'Welcome back!',
    welcomeToast: (brand: string) => `Welcome to ${brand}!`,
    signingIn: 'Signing in...',
    creatingAccount: 'Creating account...',
    sessionError: (m: string) => `Session error: ${m}`,
    initializationFailed: (m: string) => `Initialization failed: ${m}`,
    setupError: (m: string) => `Setup error: ${m}`,
    stateError: 'Authentication state error',
    protectedRouteError: (e: string) => `Authentication Error: ${e}`,
    signedOut: 'Signed out successfully',
    signOutFailed: 'Error during logout. Please try again.',
  },
  reset: {
    emailServiceUnavailable: 'Email service temporarily unavailable. Please try the direct password change option or contact support.',
    failed: (m: string) => `Password reset failed: ${m}`,
    network: 'Network error. Please check your connection and try again.',
    sent: 'Password reset email sent successfully!',
    directFailed: (m: string) => `Direct password change failed: ${m}`,
    directSucceeded: 'Password changed successfully using admin override!',
    verifying: 'Verifying reset link...',
    invalidTitle: 'Invalid Reset Link',
    invalidNote: 'This reset link is invalid or has expired. Please request a new password reset.',
    updateFailed: (m: string) => `Failed to update password: ${m}`,
    updateException: 'Failed to update password. Please try again.',
    updated: 'Password updated successfully! You can now sign in with your new password.',
    updating: 'Updating Password...',
  },
  session: {
    expired: 'Session expired due to inactivity',
    extended: 'Session extended',
  },
  onboarding: {
    businessNameRequired: 'Business name is required',
    industryRequired: 'Please select an industry',
    problemRequired: 'Please describe the problem you solve',
    goalRequired: 'Please select at least one goal to continue',
    completeFailed: 'Failed to complete onboarding',
    completed: (brand: string) => `Welcome to ${brand}! Your dashboard is ready.`,
  },
  voice: {
    connectFailed: 'Failed to connect to voice assistant. You can continue with the form.',
    error: 'Voice assistant encountered an issue. You can continue with the form.',
    ready: 'Voice assistant is ready to help!',
    closedByServer: 'The connection was closed by the server.',
    skipped: 'Continuing with visual-only onboarding',
    invalidInput: 'Voice input contains invalid content',
    workletFailed: (name: string) => `Failed to load the ${name} worklet module. Make sure the browser supports AudioWorklets.`,
  },
  pricing: {
    joinWaitlistToast: 'Join our waitlist to get early access to these plans!',
  },
  booking: {
    timeoutTitle: 'Calendar Taking Time to Load',
    errorTitle: "Let's Get You Booked!",
  },
  waitlist: {
    fillAllFields: 'Please fill in all fields',
    duplicate: 'This email is already on our waitlist!',
    failed: 'Failed to join waitlist. Please try again.',
    joined: (n: number) => `Successfully joined the waitlist! You're position #${n}`,
    joinFirst: 'Please join the waitlist first',
  },
  planner: {
    fillAllFields: 'Please fill in all fields',
    submitted: 'Connection request submitted successfully!',
    failed: 'Failed to submit request. Please try again.',
  },
  plans: {
    upgrade: 'Upgrade your plan to access this feature',
  },
  dashboard: {
    desktopRequired: 'Desktop Required',
  },
  security: {
    invalidEmail: 'Invalid email format',
    invalidUrl: 'Invalid URL format',
    textTooLong: 'Text too long',
  },
} as const;
