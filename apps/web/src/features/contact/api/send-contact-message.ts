import { loadSupabase } from '@/lib/supabase';
import type { ContactMessage } from '../contact-schema';

export type SendResult = 'sent' | 'rate-limited' | 'failed';

/** Inserts into contact_messages (RLS lets anyone insert; the server stamps user, IP and user agent and limits per IP). */
export async function sendContactMessage(m: ContactMessage): Promise<SendResult> {
  // supabase-js loads on the first send, not with the page (issue 15)
  const { error, status } = await (
    await loadSupabase()
  )
    .from('contact_messages')
    .insert({ name: m.name, email: m.email, subject: m.subject || null, message: m.message });
  if (!error) return 'sent';
  if (status === 429) return 'rate-limited';
  console.warn('Contact message failed', error.message);
  return 'failed';
}
