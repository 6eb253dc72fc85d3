/**
 * The catalogue's texts that every page's shell needs (error screens, the auth fallback, the stored consent check).
 * Part of the message catalogue (./messages.ts, which holds them under the same keys), kept in its own module so the
 * entry every first visit loads does not carry the whole catalogue (issue 15).
 */
export const shellMessages = {
  app: {
    somethingWentWrong: 'Something went wrong',
    applicationError: 'Application Error',
    notFoundTitle: 'Page not found',
  },
  auth: {
    contextInitializing: 'Authentication context initializing...',
    notYetAvailable: 'Auth not yet available',
  },
  consent: {
    parseFailed: 'Stored cookie consent could not be read; it has been removed.',
  },
} as const;
