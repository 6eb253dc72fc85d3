/** The coach's react-query keys; a reply invalidates `all` (conversations, plan, usage history). */
export const coachKeys = {
  all: ['coach'] as const,
  conversations: ['coach', 'conversations'] as const,
  conversation: (id: string) => ['coach', 'conversation', id] as const,
  usageHistory: ['coach', 'usage-history'] as const,
};
