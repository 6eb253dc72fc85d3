import type { ContactQuery } from '../lib/filters';

/** The CRM's query keys: everything under ['crm'], so a write can refresh the lot (the cache is cleared on sign-out). */
const all = ['crm'] as const;
export const crmKeys = {
  all,
  summary: () => [...all, 'summary'] as const,
  contacts: (q: ContactQuery) => [...all, 'contacts', q] as const,
  contactsCount: (q: Omit<ContactQuery, 'sort'>) => [...all, 'contacts-count', q] as const,
  contact: (id: string) => [...all, 'contact', id] as const,
  timeline: (id: string) => [...all, 'timeline', id] as const,
  contactDeals: (id: string) => [...all, 'contact-deals', id] as const,
  tasks: (scope: { contactId?: string; done: boolean }) => [...all, 'tasks', scope] as const,
  dueTasks: () => [...all, 'due-tasks'] as const,
  board: () => [...all, 'board'] as const,
  stages: () => [...all, 'stages'] as const,
  companies: () => [...all, 'companies'] as const,
  customFields: () => [...all, 'custom-fields'] as const,
  views: () => [...all, 'views'] as const,
  picker: (query: string) => [...all, 'picker', query] as const,
  dryRun: (id: number) => [...all, 'import-dry-run', id] as const,
};
