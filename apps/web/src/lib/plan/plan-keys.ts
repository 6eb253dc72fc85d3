/** Query keys of the signed-in person's plan (plan_status and remaining usage); any feature may invalidate them. */
export const planKeys = {
  all: ['plan-status'] as const,
  forUser: (userId: string | null) => [...planKeys.all, userId] as const,
};
