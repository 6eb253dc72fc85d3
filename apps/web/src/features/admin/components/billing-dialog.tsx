import { useState } from 'react';
import { PLAN_IDS, PLANS } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { extendTrial, grantCredits, setUserPlan } from '../api/users';

type Action = 'plan' | 'trial' | 'credits';
export interface BillingRun {
  run: () => Promise<unknown>;
  done: string;
}

/** Set a customer's plan, extend a trial or grant credits, each with a reason (issue 41, docs/billing.md). */
export function BillingDialog({
  user,
  onClose,
  onRun,
}: {
  user: { id: string; email: string };
  onClose: () => void;
  onRun: (a: BillingRun) => void;
}) {
  const [action, setAction] = useState<Action>('credits');
  const [plan, setPlan] = useState<string>('pro');
  const [amount, setAmount] = useState('1000');
  const [reason, setReason] = useState('');
  const n = Number(amount);
  const valid = reason.trim().length >= 3 && (action === 'plan' || (Number.isInteger(n) && n > 0));
  const submit = () => {
    const why = reason.trim();
    if (action === 'plan')
      onRun({ run: () => setUserPlan(user.id, plan, why), done: `${user.email} is now on ${PLANS[plan as keyof typeof PLANS].name}` });
    else if (action === 'trial') onRun({ run: () => extendTrial(user.id, n, why), done: `${user.email}'s trial extended by ${n} days` });
    else onRun({ run: () => grantCredits(user.id, n, why), done: `${n.toLocaleString('en-GB')} credits added for ${user.email}` });
    onClose();
  };
  const field = 'h-9 w-full rounded-md border bg-background px-3 text-sm';
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Plan and credits</DialogTitle>
          <DialogDescription>{user.email} is e-mailed about the change, with your reason.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) submit();
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            Action
            <select className={field} value={action} onChange={(e) => setAction(e.target.value as Action)}>
              <option value="credits">Grant credits</option>
              <option value="plan">Set plan</option>
              <option value="trial">Extend trial</option>
            </select>
          </label>
          {action === 'plan' ? (
            <label className="flex flex-col gap-1 text-sm">
              Plan
              <select className={field} value={plan} onChange={(e) => setPlan(e.target.value)}>
                {PLAN_IDS.map((id) => (
                  <option key={id} value={id}>
                    {PLANS[id].name}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="flex flex-col gap-1 text-sm">
              {action === 'trial' ? 'Days' : 'Credits'}
              <input className={field} type="number" min={1} value={amount} onChange={(e) => setAmount(e.target.value)} />
            </label>
          )}
          <label className="flex flex-col gap-1 text-sm">
            Reason
            <input className={field} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </label>
          <Button type="submit" disabled={!valid}>
            Apply
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
