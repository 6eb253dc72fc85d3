/** One row of rpc credit_usage_history (the ledger, newest first). */
export interface UsageRow {
  created_at: string;
  delta: number;
  reason: string;
  conversation_id: string | null;
  conversation_title: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
}

const REASONS: Record<string, string> = {
  coach: 'Coach',
  trial_grant: 'Trial credits',
  monthly_grant: 'Monthly credits',
  top_up: 'Credits added',
  admin_grant: 'Credits added by our team',
  refund: 'Refund',
};

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
const plural = (n: number) => `${n.toLocaleString('en-GB')} credit${n === 1 ? '' : 's'}`;

/** The ledger row in plain words: "22 Nov, Coach: 'Q1 marketing plan', 4 credits" (grants read "+100 credits"). */
export function usageLine(r: UsageRow): string {
  const what = REASONS[r.reason] ?? r.reason.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const title = r.reason === 'coach' && r.conversation_title ? `: '${r.conversation_title}'` : '';
  const amount = r.delta < 0 ? plural(-r.delta) : `+${plural(r.delta)}`;
  return `${day(r.created_at)}, ${what}${title}, ${amount}`;
}
