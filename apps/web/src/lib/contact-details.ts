import { runtimeConfig } from './runtime-config';

/** The team's hours (the specification's text); the details themselves are the operator's (issue 44). */
export const CONTACT_HOURS = 'Monday-Friday, 9AM-6PM GMT';

export interface PhoneNumber {
  text: string;
  href: string;
}

/**
 * How to reach the team, for the footer, the contact pages, the legal pages, the thanks page and the booking
 * fallback: from the operator's configuration (CONTACT_* in GET /api/config), never made up. A detail that is not
 * configured is absent, and the pages leave its line out.
 */
export interface ContactDetails {
  /** The company: CONTACT_ADDRESS's first part, else the brand name. */
  company: string;
  email?: string;
  phone?: PhoneNumber;
  phone2?: PhoneNumber;
  /** CONTACT_ADDRESS after the company's name, one part a line. */
  addressLines?: string[];
  hours: string;
  /** Nothing configured at all: the pages say so rather than show an empty block. */
  none: boolean;
}

const phoneNumber = (text: string | undefined): PhoneNumber | undefined =>
  text ? { text, href: `tel:${text.replace(/[^+\d]/g, '')}` } : undefined;

export function contactDetails(): ContactDetails {
  const { brandName, contact = {} } = runtimeConfig();
  const parts = (contact.address ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    company: parts.length > 1 ? parts[0]! : brandName,
    email: contact.email,
    phone: phoneNumber(contact.phone),
    phone2: phoneNumber(contact.phone2),
    addressLines: parts.length > 1 ? parts.slice(1) : parts.length ? parts : undefined,
    hours: CONTACT_HOURS,
    none: !contact.email && !contact.phone && !contact.phone2 && !contact.address,
  };
}
