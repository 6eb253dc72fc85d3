import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema } from './contact-schema';

/** The contact form's zod resolver, in its own chunk: loaded on the form's first input, not on a first visit. */
export const contactResolver = zodResolver(contactSchema);
