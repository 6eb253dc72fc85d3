/** The Brain's plan, credits and invoices (issue 41). */
const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const n = (v: number) => v.toLocaleString('en-GB');

export const billingMessages = {
  renewsOn: (iso: string) => `Renews on ${day(iso)}`,
  endsOn: (iso: string) => `Ends on ${day(iso)}: it will not renew`,
  trialEndsOn: (iso: string) => `Trial ends on ${day(iso)}`,
  monthlyLeft: (left: number, granted: number) => `This month's credits: ${n(left)} of ${n(granted)} left`,
  monthlyRule: 'Unused monthly credits expire when your plan renews; they are used first.',
  extraLeft: (left: number) => `Top-ups and added credits: ${n(left)}`,
  extraRule: 'These carry over from month to month.',
  creditsLoading: 'Loading credits...',
  invoicesTitle: 'Invoices',
  invoicesNone: 'No invoices yet.',
  invoicesFailed: 'Could not load your invoices. Please try again.',
  invoiceView: 'View',
  invoicePdf: 'PDF',
  invoiceDate: day,
} as const;
