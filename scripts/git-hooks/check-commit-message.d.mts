export const MAX_SUBJECT: number;
export function cleanMessage(text: string): string[];
export function commitMessageProblems(text: string): string[];
