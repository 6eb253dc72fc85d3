import { useQuery } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, ShieldOff, Ban, RotateCcw, Coins } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAccountCount } from '../api/account-count';
import { userPageQuery, useUserAction } from '../api/queries';
import { resetMfa, setAdmin, setBanned, type AdminUser } from '../api/users';
import { PasswordOverrideDialog } from './password-override-dialog';
import { BillingDialog } from './billing-dialog';
import { formatDate, PanelHeader, QueryState, SearchBox } from './shared';
import { Pager } from './pager';

const PER_PAGE = 20;
const isBanned = (u: AdminUser) => !!u.banned_until && Date.parse(u.banned_until) > Date.now();

/** Accounts: search, grant or revoke admin, ban, password override, MFA reset, plan and credits (issue 41). */
export function UsersPanel() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const [page, setPage] = useState(1);
  const [overrideFor, setOverrideFor] = useState<string | null>(null);
  const [billingFor, setBillingFor] = useState<{ id: string; email: string } | null>(null);
  const users = useQuery(userPageQuery(q, page, PER_PAGE));
  const accounts = useAccountCount();
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / PER_PAGE));

  const action = useUserAction({ onSuccess: (done) => void toast.success(done), onError: (e) => void toast.error(e.message) });
  const confirmThen = (question: string, run: () => Promise<unknown>, done: string) => {
    if (window.confirm(question)) action.mutate({ run, done });
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="users-panel-title">
      <PanelHeader id="users-panel-title" title="Users" description={`${accounts.data ?? '—'} accounts`} />
      <SearchBox
        label="Search users by email or name"
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />
      <QueryState isLoading={users.isLoading} error={users.error}>
        <ul className="flex flex-col divide-y rounded-lg border">
          {users.data?.users.length === 0 && <li className="p-6 text-center text-muted-foreground">No users found</li>}
          {users.data?.users.map((u) => {
            const self = u.id === me?.id;
            const banned = isBanned(u);
            const email = u.email ?? '';
            return (
              <li key={u.id} className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="break-all">{email || '(no email)'}</span>
                    {u.is_admin && <Badge className="bg-violet-700 text-white">admin</Badge>}
                    {banned && <Badge className="border-transparent bg-red-600 text-white">banned</Badge>}
                    {!u.email_confirmed_at && <Badge variant="outline">{u.invited_at ? 'invited' : 'unconfirmed'}</Badge>}
                    {u.mfa_factors > 0 && <Badge variant="secondary">MFA</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {u.full_name ? `${u.full_name} · ` : ''}joined {formatDate(u.created_at)} · last sign-in {formatDate(u.last_sign_in_at)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {u.is_admin ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={self || action.isPending}
                      onClick={() =>
                        confirmThen(`Remove admin from ${email}?`, () => setAdmin(u.id, false), `${email} is no longer an admin`)
                      }
                    >
                      <ShieldOff aria-hidden="true" /> Revoke admin
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={action.isPending}
                      onClick={() => confirmThen(`Make ${email} an admin?`, () => setAdmin(u.id, true), `${email} is now an admin`)}
                    >
                      <ShieldCheck aria-hidden="true" /> Make admin
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant={banned ? 'outline' : 'destructive'}
                    className={banned ? undefined : 'bg-red-700 hover:bg-red-800'}
                    disabled={self || action.isPending}
                    onClick={() =>
                      confirmThen(
                        banned ? `Lift the ban on ${email}?` : `Ban ${email}? They are signed out everywhere.`,
                        () => setBanned(u.id, !banned),
                        banned ? `${email} is unbanned` : `${email} is banned`,
                      )
                    }
                  >
                    <Ban aria-hidden="true" /> {banned ? 'Unban' : 'Ban'}
                  </Button>
                  <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => setBillingFor({ id: u.id, email })}>
                    <Coins aria-hidden="true" /> Plan and credits
                  </Button>
                  <Button size="sm" variant="outline" disabled={!email} onClick={() => setOverrideFor(email)}>
                    <KeyRound aria-hidden="true" /> Set password
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={u.mfa_factors === 0 || action.isPending}
                    onClick={() => confirmThen(`Remove every MFA factor of ${email}?`, () => resetMfa(u.id), `MFA reset for ${email}`)}
                  >
                    <RotateCcw aria-hidden="true" /> Reset MFA
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <Pager label="User pages" page={page} pages={pages} onPage={setPage} />
      </QueryState>
      {overrideFor && <PasswordOverrideDialog email={overrideFor} onClose={() => setOverrideFor(null)} />}
      {billingFor && <BillingDialog user={billingFor} onClose={() => setBillingFor(null)} onRun={(a) => action.mutate(a)} />}
    </section>
  );
}
