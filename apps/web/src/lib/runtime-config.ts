/** What GET /api/config returns; one build serves every deployment. Checked by hand to keep zod out of the entry chunk. */
export interface RuntimeConfig {
  supabaseUrl: string;
  anonKey: string;
  brandName: string;
  /** The operator's settings (issue 44): absent when unset, and the pages then hide what depends on them. */
  bookingUrl?: string;
  introVideoUrl?: string;
  contact?: OperatorContact;
  voiceAvailable: boolean;
  sessionTimeoutMinutes: number;
  sessionWarningMinutes: number;
  /** The auth server's password minimum (AUTH_PASSWORD_MIN_LENGTH); absent from older servers. */
  passwordMinLength?: number;
  /** The server relays page errors to an error tracker (SENTRY_DSN); absent from older servers. */
  errorReporting?: boolean;
  /** Whether an AI provider is configured for the coach; read (and checked) by the coach, which loads later. */
  coach?: unknown;
  /** Signed-out visitors get answers from the Integration Assistant (a provider and visitor limits); absent from older servers. */
  visitorAssistant?: boolean;
  /** Stripe checkout is set up (issue 41); absent from older servers. */
  checkout?: boolean;
}

/** CONTACT_EMAIL, CONTACT_PHONE, CONTACT_PHONE_2 and CONTACT_ADDRESS, as the operator wrote them. */
export interface OperatorContact {
  email?: string;
  phone?: string;
  phone2?: string;
  address?: string;
}

const STRING_KEYS = ['supabaseUrl', 'anonKey', 'brandName'] as const;
const OPTIONAL_STRING_KEYS = ['bookingUrl', 'introVideoUrl'] as const;
const CONTACT_KEYS = ['email', 'phone', 'phone2', 'address'] as const;
const isOptionalString = (v: unknown) => v === undefined || (typeof v === 'string' && v !== '');
const NUMBER_KEYS = ['sessionTimeoutMinutes', 'sessionWarningMinutes'] as const;

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const o = (raw ?? {}) as Record<string, unknown>;
  for (const k of STRING_KEYS) if (typeof o[k] !== 'string' || !o[k]) throw new Error(`App configuration is missing ${k}`);
  for (const k of NUMBER_KEYS) if (typeof o[k] !== 'number' || !(Number(o[k]) > 0)) throw new Error(`App configuration has a bad ${k}`);
  if (typeof o.voiceAvailable !== 'boolean') throw new Error('App configuration is missing voiceAvailable');
  for (const k of OPTIONAL_STRING_KEYS) if (!isOptionalString(o[k])) throw new Error(`App configuration has a bad ${k}`);
  const contact = (o.contact ?? {}) as Record<string, unknown>;
  if (typeof contact !== 'object' || !CONTACT_KEYS.every((k) => isOptionalString(contact[k])))
    throw new Error('App configuration has bad contact details');
  return o as unknown as RuntimeConfig;
}

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Could not load the app configuration (HTTP ${res.status})`);
  current = parseRuntimeConfig(await res.json());
  return current;
}

/** The config loaded at start-up (main.tsx loads it before the first render). */
export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config read before start-up finished');
  return current;
}

/** For unit tests. */
export function setRuntimeConfig(config: RuntimeConfig) {
  current = config;
}
