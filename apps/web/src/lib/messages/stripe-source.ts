/** Read-only Stripe on the Dashboard view's numbers (issue 42, docs/metrics-stripe.md). */
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const stripeSourceMessages = {
  title: 'Stripe (read-only)',
  explained:
    'Read revenue and customers from your Stripe account every day. In Stripe, create a restricted key with read access to Charges and nothing else, then paste it here. It is stored encrypted and never shown again.',
  keyLabel: 'Restricted key',
  keyPlaceholder: 'rk_live_...',
  connect: 'Connect Stripe',
  connecting: 'Checking the key...',
  connected: (hint: string) => `Connected with ${hint}`,
  lastRead: (iso: string) => `Last read ${when(iso)}`,
  neverRead: 'Not read yet',
  readNow: 'Read now',
  reading: 'Reading...',
  disconnect: 'Disconnect',
  connectedToast: (months: number) => `Stripe connected: ${months} ${months === 1 ? 'month' : 'months'} read`,
  readToast: 'Figures read from Stripe',
  disconnectedToast: 'Stripe disconnected',
  failed: 'Could not reach the server. Please try again.',
} as const;
