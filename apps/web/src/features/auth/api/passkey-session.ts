import type { SupabaseClient } from '@supabase/supabase-js';
import { recordUserSession } from './user-sessions';

/**
 * The user_sessions row a passkey sign-in writes: the same as a password sign-in's, for 8 hours ("remember me" is a
 * password-form choice). Its own module, imported on use, so the sign-in pages' first visit carries none of it.
 */
export const recordPasskeySession = (client: SupabaseClient, userId: string) => recordUserSession(client, userId, false);
