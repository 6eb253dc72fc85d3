/**
 * /connect-anything's texts. Part of the message catalogue (./messages.ts, which holds them under the same key), kept in
 * its own module so the catalogue page's first visit does not load the signed-in pages' texts (issue 15).
 */
export const connectMessages = {
  noResults: 'No integrations found',
  signInToSubmit: 'Sign in to send requests',
  signInToSend: 'Sign in to send',
  browseFreely: (what: string) => `You can browse freely; ${what} requires a free account.`,
  limitedFunctionality: 'Limited Functionality',
  plannerIncludedFrom: 'Custom connection planning is included from the Pro plan.',
  viewPlanOptions: 'View Plan Options',
  requestSubmitted: 'Integration request submitted successfully!',
  requestFailed: 'Failed to submit request. Please try again.',
  blueprintSaved: 'Connection blueprint saved to your dashboard',
  blueprintFailed: 'Could not save the blueprint. Please try again.',
  // issue 44: the same blueprint is saved once (migration 0680)
  blueprintDuplicate: 'This blueprint is already saved on your dashboard.',
  compareFull: 'You can compare up to 3 tools',
  loadFailed: 'Could not load integrations. Please try again.',
  // issue 40: each Marketplace card's actions
  cardActions: {
    label: (name: string) => `What to do with ${name}`,
    add: 'Add to canvas',
    addLabel: (name: string) => `Add ${name} to canvas`,
    added: (name: string) => `${name} added to your canvas`,
    addFailed: 'Could not add the tool to your canvas. Please try again.',
    compare: 'Compare',
    compareLabel: (name: string) => `Compare ${name}`,
    use: 'Use in a connection',
    useLabel: (name: string) => `Use ${name} in a connection`,
    /** The name a connection started from a card gets (the customer can change it). */
    connectionName: (name: string) => `${name} connection`,
  },
} as const;
