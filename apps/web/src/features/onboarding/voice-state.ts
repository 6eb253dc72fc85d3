import { runtimeConfig } from '@/lib/runtime-config';
import type { OnboardingData } from './types';

/**
 * The one answer to "is the voice assistant on?" (issue 14 item 6): the server's configuration first (the header's
 * "Voice unavailable" reads the same flag), then the person's preference.
 */
export function voiceState(data: Pick<OnboardingData, 'preferences'>): 'on' | 'off' | 'unavailable' {
  if (!runtimeConfig().voiceAvailable) return 'unavailable';
  return data.preferences.voiceEnabled ? 'on' : 'off';
}
