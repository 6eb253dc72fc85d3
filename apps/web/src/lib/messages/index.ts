import { authMessages } from './auth';
import { billingMessages } from './billing';
import { connectMessages } from './connect';
import { publicMessages } from './public';
import { shellMessages } from './shell';
import { stripeSourceMessages } from './stripe-source';

/**
 * Every user-facing message of the specification, in one catalogue (docs/product.md#messages).
 * Components import from here; the texts must match the specification exactly.
 * The catalogue is this folder, one file per area: ./coach.ts, the AI coach's texts (the coach loads only on
 * signed-in pages); ./shell.ts, the few texts the entry needs, ./public.ts, the marketing pages' and forms' texts,
 * ./auth.ts, sign-in's and sign-up's, ./billing.ts, The Brain's plan and credits, ./stripe-source.ts, read-only
 * Stripe's, and ./connect.ts, /connect-anything's (the last six included here), so a first visit to a public page
 * does not load the signed-in pages' texts (issue 15). ./crm.ts, ./connections.ts and ./action-plan.ts are imported
 * directly by their features; ./auth-error-text.ts turns an auth error into one of ./auth.ts's texts.
 */
export const messages = {
  app: shellMessages.app,
  /** /admin's setup card: the operator settings the public pages still miss (issue 44). */
  siteSetup: {
    title: 'Public site setup',
    complete: 'Complete',
    incomplete: (n: number) => `${n} missing`,
    loading: 'Loading...',
    failed: "Could not read the site's setup.",
    missingIntro:
      'The public pages hide what is not set: no contact line, no booking calendar, a poster instead of the intro video. Set these in the server’s environment and restart:',
    completeText: 'Contact details, booking page and intro video are all configured.',
  },
  introVideo: publicMessages.introVideo,
  /** /oauth/consent: a third-party app asks to sign the user in (the OAuth 2.1 server, issue 45; not in the specification). */
  oauthConsent: {
    title: (client: string) => `Allow ${client} to use your account?`,
    signedInAs: (email: string) => `Signed in as ${email}`,
    scopesIntro: 'It asks for:',
    returnsTo: (uri: string) => `After you answer, you go back to ${uri}`,
    approve: 'Approve',
    deny: 'Deny',
    working: 'Please wait...',
    unnamedClient: 'An app',
    missingRequest: 'This sign-in request is missing its authorization id. Go back to the app and start again.',
    notFound: 'This sign-in request has expired or was already answered. Go back to the app and start again.',
    failed: 'Could not answer the sign-in request. Please try again.',
    redirecting: 'Returning you to the app...',
  },
  auth: { ...shellMessages.auth, ...authMessages.auth },
  /** /user's e-mail change (issue 14 item 3; secure change: a link to both addresses, docs/security/auth-flows.md). */
  emailChange: {
    // AUTH_DOUBLE_CONFIRM_CHANGES (server) decides whether the current address gets a link too: say both may
    requested: (current: string, next: string) =>
      `Check ${next} for a confirmation link. For your safety we may also send one to ${current}: open each link you get.`,
    halfConfirmed: 'First link confirmed. Now open the link we sent to your other e-mail address to finish the change.',
    changed: (email: string) => `Your e-mail address is now ${email}.`,
    failed: 'This confirmation link does not work any more. Please ask for the change again.',
  },
  /** /user's password change (issue 14 item 4): the current password or an e-mailed reauthentication code. */
  passwordChange: {
    title: 'Password',
    description: 'Choose a new password of at least 8 characters. Other devices are signed out when it changes.',
    current: 'Current password',
    code: 'Code from the e-mail',
    useCode: 'Forgot it? E-mail me a code instead',
    usePassword: 'Use my current password instead',
    codeSent: (email: string) => `We e-mailed a 6-digit code to ${email}.`,
    currentRequired: 'Enter your current password, or ask for a code by e-mail.',
    changed: 'Password changed. Other devices have been signed out.',
    submit: 'Change password',
  },
  /**
   * Plain-language texts for the auth server's errors, by GoTrue error code (issue 14 item 7); auth-errors.ts maps
   * codes (and, for old servers, known English messages) onto them. Unknown errors fall back to `unknown`.
   */
  authErrors: authMessages.authErrors,
  /** Passkeys on /user and /sign-in (issue 14): plain words, no WebAuthn jargon. */
  passkeys: authMessages.passkeys,
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
    // not in the specification: why a reset link could not be used, in plain language (issue 14 item 7)
    codeNotVerified: 'The reset code could not be verified.',
    noToken: 'No reset token was found in the link.',
  },
  session: {
    expired: 'Session expired due to inactivity',
    extended: 'Session extended',
  },
  /** The console's security log: who wrote each row, as stamped by the database (issue 12). */
  auditSource: {
    filterLabel: 'Reported by',
    all: 'All',
    server: 'Server',
    client: 'Browser',
    column: 'Source',
    serverHint: 'Written by the server',
    clientHint: 'Reported by a browser (unverified)',
    split: (server: number, client: number) => `${server} from the server, ${client} reported by browsers`,
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
    // not in the specification: the client tool result the agent reads after the person opted out (issue 38 item 8)
    toolRefused: 'Voice assistant is off: the form was not changed',
    // not in the specification: voice is not configured on this site (issue 14 item 6)
    notConfigured: 'Voice guidance is not available on this site yet.',
    notAvailableShort: 'Not available',
    invalidInput: 'Voice input contains invalid content',
    workletFailed: (name: string) => `Failed to load the ${name} worklet module. Make sure the browser supports AudioWorklets.`,
  },
  pricing: publicMessages.pricing,
  booking: publicMessages.booking,
  consent: { ...publicMessages.consent, ...shellMessages.consent },
  contact: publicMessages.contact,
  waitlist: publicMessages.waitlist,
  planner: {
    fillAllFields: 'Please fill in all fields',
    submitted: 'Connection request submitted successfully!',
    failed: 'Failed to submit request. Please try again.',
  },
  plans: {
    upgrade: 'Upgrade your plan to access this feature',
    requestSent: 'Request sent. Our team will be in touch shortly.',
    requestFailed: 'Could not send your request. Please try again.',
    noPayments: 'Payments are not live yet: requests go to our team, who will contact you.',
    checkoutIntro: 'Pay securely with Stripe. Manage your card, invoices and cancellation in the billing portal.',
    checkoutFailed: 'Could not open the payment page. Please try again.',
    checkoutSuccess: 'Payment received. Your plan and credits update in a moment.',
  },
  dashboard: {
    desktopRequired: 'Desktop Required',
    desktopRequiredText: 'The dashboard is built for larger screens. Please open it on a device at least 1024 px wide.',
    saveFailed: 'Could not save your changes. Please try again.',
    profileSaved: 'Profile saved',
    ideaCreated: 'Connection idea saved',
    // issue 44: the same idea is saved once (migration 0680)
    ideaDuplicate: 'You already have this connection idea.',
    // issue 44: the stage the onboarding worked out (growth once a team size is set) is the customer's to correct
    stageLabel: 'Business stage',
    stages: { startup: 'Startup', growth: 'Growth', established: 'Established' },
    stageExplained: 'Set from your onboarding (growth once a team size is given). Change it if it is not right.',
    stageSaved: 'Business stage saved',
    ideaDeleted: 'Connection idea deleted',
    // issue 40: an idea, a blueprint or a canvas edge becomes a connection that runs
    buildConnection: 'Build this connection',
    buildConnectionFor: (from: string, to: string) => `Build this connection: ${from} to ${to}`,
    edgeHint: 'Click a line between two tools to turn it into a connection that runs.',
    toolAdded: connectMessages.cardActions.added,
    /** Issue 18: the add-tool search must not say "Searching" forever when the server is down. */
    searchFailed: 'Could not load integrations. Check your connection and try again.',
    retry: 'Retry',
    /** Issue 18: the two scores side by side say what each measures. */
    completenessExplained: 'How much of your business profile is filled in (8 answers).',
    healthExplained: 'How ready your business basics are for planning (7 essentials).',
    // issue 42: every field the health score counts can be filled in where the score is shown
    healthFields: {
      title: 'Fill in your essentials',
      labels: {
        business_name: 'Business name',
        industry: 'Industry',
        target_audience: 'Target audience',
        monthly_revenue: 'Monthly revenue',
        team_size: 'Team size',
      },
      placeholders: {
        business_name: 'e.g. Crumb & Co Bakery',
        industry: 'e.g. Food and drink',
        target_audience: 'e.g. Families and offices within 3 miles',
        monthly_revenue: 'e.g. £11,000',
      },
      notSet: 'Not set',
      save: 'Save essentials',
    },
  },
  // issue 42: the business's own numbers
  metrics: {
    entryTitle: 'Record your numbers',
    entryExplained: "Enter this week's or this month's figure. Entering it again replaces it.",
    metricLabel: 'Metric',
    periodLabel: 'Period',
    periods: { week: 'This week', month: 'This month' },
    valueLabel: 'Figure',
    save: 'Save figure',
    saved: 'Figure saved',
    saveFailed: 'Could not save the figure. Please try again.',
    lastValue: 'Last recorded',
    noLastValue: 'Nothing recorded yet',
    chartsTitle: 'Your metrics over the last 12 months',
    lastTwelve: 'last 12 months',
    month: 'Month',
    target: 'Target',
    notEntered: 'not entered',
    invalidValue: 'Enter a number in range: money up to 1 trillion, whole counts of 0 or more, percentages 0 to 100.',
    // the CSV import (issue 42): a file, a preset or a column mapping, a preview, then all or nothing
    csv: {
      open: 'Import CSV',
      title: 'Import figures from a CSV file',
      explained:
        'Upload an export from your bank, Shopify or Stripe, or any file with a date column. Rows in the same period are added up (percentages are averaged). Importing again replaces the figures of the same periods.',
      file: 'CSV file',
      loading: 'Loading the CSV import',
      fileProblems: {
        empty: 'The file has no rows under its header.',
        too_many_rows: 'The file has more than 50,000 rows. Split it into smaller files (by year, for example).',
        unreadable: 'The file could not be read as CSV (a quote is not closed). Export it again and retry.',
        too_big: 'The file is larger than 20 MB. Export a shorter period.',
      },
      format: 'Format',
      formats: {
        shopify: 'Shopify orders export',
        stripe: 'Stripe payments export',
        bank: 'Bank statement',
        columns: 'My own columns',
      },
      presetExplained: {
        shopify:
          'Revenue is the sum of order totals less refunds; customers are the distinct e-mail addresses. Voided orders are left out.',
        stripe: 'Revenue is the sum of payments that went through less refunds; customers are the distinct customers who paid.',
        bank: 'Revenue is the money paid in; money going out is left out.',
      },
      missingColumns: 'This file lacks the columns this format needs:',
      dateColumn: 'Date column',
      valueColumn: 'Column',
      metricFor: 'is the metric',
      addColumn: 'Add a column',
      removeColumn: 'Remove',
      removeColumnLabel: (n: number) => `Remove column ${n}`,
      choose: 'Choose…',
      period: 'Add up by',
      periods: { week: 'Week (from Monday)', month: 'Month' },
      dateOrder: 'Dates like 03/04/2026 are',
      dateOrders: { dmy: 'Day first (3 April)', mdy: 'Month first (March 4)' },
      previewTitle: 'Preview',
      firstRows: 'The first rows of the file',
      figuresTitle: 'Figures that will be written',
      periodColumn: 'Period',
      rowsSummary: (rows: number, used: number, skipped: number) =>
        `${rows.toLocaleString('en-GB')} rows read: ${used.toLocaleString('en-GB')} used, ${skipped.toLocaleString('en-GB')} with nothing to add up.`,
      moreFigures: (n: number) => `and ${n.toLocaleString('en-GB')} more`,
      noFigures: 'No figures yet: choose the columns to read.',
      problemsTitle: (n: number) =>
        `${n.toLocaleString('en-GB')} ${n === 1 ? 'row needs' : 'rows need'} fixing before anything is imported`,
      rowProblem: (row: number, column: string, value: string) => `Row ${row}, ${column}${value ? ` "${value}"` : ''}:`,
      rowReasons: {
        date: 'not a date that can be read.',
        future: 'the date is before 1970 or more than a month ahead.',
        amount: 'not a number (write 1234.50, not 1.234,50).',
        range: 'out of range for the metric (whole counts of 0 or more, percentages 0 to 100).',
        currency: "in another currency than your account's.",
      },
      moreProblems: (n: number) => `and ${n.toLocaleString('en-GB')} more`,
      figureReasons: {
        value: 'the total is out of range for the metric.',
        period_start: 'the period is not a week or month start, or is in the future.',
        duplicate: 'the metric appears twice.',
      },
      import: (n: number) => `Import ${n.toLocaleString('en-GB')} ${n === 1 ? 'figure' : 'figures'}`,
      importing: 'Importing…',
      imported: (added: number, updated: number, unchanged: number) =>
        `Imported: ${added} added, ${updated} updated, ${unchanged} unchanged.`,
      refused: 'Nothing was imported. These figures were refused:',
      importFailed: 'The import did not go through; nothing was imported. Please try again.',
      tooLarge: 'Too many figures for one import: split the file by year.',
    },
    labels: {
      revenue: 'Revenue',
      customers: 'Customers',
      leads: 'Leads',
      conversion: 'Conversion rate',
      retention: 'Retention',
      costs: 'Costs',
      traffic: 'Website traffic',
      social: 'Social media',
      profit: 'Profit',
      cashflow: 'Cash flow',
    },
  },
  // issue 42: "Download my data" on /user (UK GDPR data portability; the server's zip: server/src/export)
  dataExport: {
    title: 'Download my data',
    description:
      'One zip file with your profile, your metrics (CSV), your 90-day plan (CSV and a calendar file), your CRM (CSV) and your conversations with the coach (Markdown), with a README that says what each file is.',
    button: 'Download my data',
    busy: 'Preparing your download...',
    done: 'Your data has been downloaded.',
    failed: 'Could not prepare your download. Please try again.',
    rateLimited: 'You have downloaded your data several times in the last hour. Please try again later.',
    signedOut: 'Your session has ended. Please sign in again to download your data.',
  },
  billing: billingMessages,
  stripeSource: stripeSourceMessages,
  connectAnything: connectMessages,
  security: publicMessages.security,
  /** Issue 42's weekly review: the Dashboard view's card and the /user switch (not in the specification). */
  weeklyReview: {
    title: 'Weekly review',
    weekOf: (day: string) => `Week of ${day}`,
    loading: 'Loading your weekly review',
    loadFailed: 'Could not load your weekly review.',
    none: 'Your first weekly review arrives on Monday morning: what moved in your numbers, the plan tasks due and late, and three suggestions from your coach.',
    moved: 'What moved',
    noFigures: 'No figures recorded yet.',
    due: 'Due this week',
    late: 'Late',
    nothingDue: 'Nothing due this week.',
    nothingLate: 'Nothing late.',
    planTitle: 'Your 90-day plan',
    noPlan: 'No 90-day plan yet.',
    suggestions: 'Suggestions from your coach',
    dueOn: (day: string) => `due ${day}`,
  },
  /** The /user switches for the e-mails we send on our own (not in the specification). */
  emailSettings: {
    planReminders: {
      title: 'Plan reminders',
      description: 'An e-mail the day before tasks in your 90-day plan are due, at most one a day.',
      label: 'Send me a reminder the day before plan tasks are due',
      on: 'Plan reminders on',
      off: 'Plan reminders off',
    },
    weeklyReview: {
      title: 'Weekly review',
      description: 'An e-mail every Monday morning with what moved in your numbers, your plan and three suggestions from your coach.',
      label: 'Send me a weekly review every Monday',
      on: 'Weekly reviews on',
      off: 'Weekly reviews off',
    },
    timeZone: {
      title: 'Time zone',
      description: 'The weekly review arrives on Monday from 08:00 in this time zone.',
      label: 'Your time zone',
      save: 'Save time zone',
      useThisDevice: (zone: string) => `Use this device's (${zone})`,
      saved: (zone: string) => `Time zone set to ${zone}`,
    },
    saveFailed: 'Could not save that setting. Please try again.',
  },
} as const;
