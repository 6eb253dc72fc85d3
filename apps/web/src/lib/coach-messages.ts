/**
 * The AI coach's texts (issue 13): the three doors, its errors, tools, plan and usage. Part of the message
 * catalogue (./messages.ts), kept in its own module so the landing page's JavaScript does not carry it.
 */
export const coachMessages = {
  title: 'AI Business Coach',
  greeting:
    "Hi! I'm your AI business coach. I already know your business profile, so ask me anything: a marketing plan, which tools to connect, or a 90-day action plan.",
  integrationGreeting:
    "Hi! I'm the Integration Assistant. Ask me which apps connect to a tool you use, or whether we have one in the catalogue.",
  placeholder: 'Ask your coach...',
  integrationPlaceholder: 'e.g. Do you connect to Xero?',
  inputLabel: 'Message the AI coach',
  integrationInputLabel: 'Message the Integration Assistant',
  notConfiguredTitle: 'The AI coach is not set up on this server',
  notConfigured: 'No AI provider is configured here yet, so nothing can be answered. The operators can set one up in the server settings.',
  signInRequired: 'Sign in to ask the Integration Assistant. It answers with your own business in mind.',
  outOfCredits: "You're out of credits, so I can't answer this one. Top up or change your plan to keep going.",
  aiDisabled: "Your AI features are switched off in The Brain, so I won't use your data to answer. Switch them on there whenever you like.",
  providerError: 'The AI provider had a problem answering. Nothing was charged; try again.',
  providerTimeout: 'The AI provider took too long to answer. Nothing was charged; try again.',
  /** When the reply that failed had already been charged (its data-usage arrived): never "Nothing was charged". */
  providerFailedCharged: 'The AI provider stopped before finishing. What it wrote is kept and was charged; try again for the rest.',
  /** Why a stored reply is incomplete (data-usage's `interrupted`), under its cost. */
  interrupted: {
    stopped: 'Stopped before the end: charged for what the AI had already used.',
    provider_error: 'Cut short by the AI provider: charged for what it wrote.',
    provider_timeout: 'Cut short by the AI provider: charged for what it wrote.',
    too_long: 'Cut short: the reply reached its length limit.',
  },
  networkError: 'The coach could not be reached. Check your connection and try again.',
  genericError: 'The coach could not answer. Please try again.',
  tooLong: (max: number) => `Messages can be up to ${max.toLocaleString('en-GB')} characters.`,
  estimate: (credits: number) => `About ${credits} credit${credits === 1 ? '' : 's'} to send`,
  estimateUnlimited: 'Included in your plan (fair use)',
  usage: (credits: number, balance: number | null) =>
    `${credits} credit${credits === 1 ? '' : 's'} used${balance === null ? '' : `, ${balance.toLocaleString('en-GB')} left`}`,
  usageUnlimited: 'Included in your plan',
  factsUsed: (labels: string[]) => `Used: ${labels.join(', ')}`,
  // issue 44: the facts the reply did not use wait behind "more"
  factsMore: (n: number) => `${n} more`,
  factsLess: 'Less',
  factsKnown: (n: number) => `Facts the coach had: ${n}`,
  factsAlsoKnown: (labels: string[]) => `Also known: ${labels.join(', ')}`,
  copied: 'Copied to the clipboard',
  copyFailed: 'Could not copy. Select the text and copy it instead.',
  thinking: 'Coach is thinking...',
  conversationsTitle: 'Conversations',
  newConversation: 'New conversation',
  noConversations: 'No conversations yet. Ask your first question.',
  conversationRenamed: 'Conversation renamed',
  conversationDeleted: 'Conversation deleted',
  deleteConfirm: (title: string) => `Delete "${title}"? This cannot be undone.`,
  untitled: 'New conversation',
  loadFailed: 'Could not load this conversation. Please try again.',
  notInCatalogue: (q: string) => `"${q}" is not in our catalogue yet.`,
  requestIntegration: 'Request Integration',
  ideaSaved: 'Connection idea saved to your builder',
  planWritten: 'Action plan written to your Dashboard view',
  usageHistoryTitle: 'Usage history',
  usageHistoryEmpty: 'No credits used yet.',
  /** The Integration Assistant for signed-out visitors (POST /api/integration-assistant). */
  visitor: {
    note: 'General answers about our catalogue. Sign in for your AI coach: it knows your business and can save plans and connection ideas.',
    hourlyLimit: 'You have asked a lot of questions this hour. Sign in to keep talking to the assistant, or try again later.',
    dailyLimit: 'The Integration Assistant has answered as many visitors as it can today. Sign in to keep going, or come back tomorrow.',
    failed: 'The assistant could not answer just now. Please try again.',
  },
} as const;
