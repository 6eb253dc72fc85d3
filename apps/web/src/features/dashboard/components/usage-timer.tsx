import { Clock, LogIn, LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { SESSION_START_KEY } from '@/lib/session-markers';
import { formatDuration } from '../lib/format-duration';

function sessionStart(): number {
  try {
    const t = Date.parse(localStorage.getItem(SESSION_START_KEY) ?? '');
    return Number.isFinite(t) && t <= Date.now() ? t : Date.now();
  } catch {
    return Date.now();
  }
}

/** Time on the platform this session (from the session start marker), with the Logout/Login toggle. */
export function UsageTimer() {
  const { isSignedIn, signOut } = useAuth();
  const navigate = useNavigate();
  const [start] = useState(sessionStart);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <div className="flex items-center justify-between gap-2 rounded-lg border bg-background/50 p-3">
      <div className="flex items-center gap-2">
        <Clock aria-hidden className="size-4 text-accent" />
        <div>
          <p className="text-[11px] uppercase tracking-wide text-muted-foreground">Time this session</p>
          <p className="font-mono text-sm tabular-nums" data-testid="usage-timer">
            {formatDuration((now - start) / 1000)}
          </p>
        </div>
      </div>
      {isSignedIn ? (
        <Button size="sm" variant="ghost" onClick={() => void signOut()}>
          <LogOut aria-hidden /> Logout
        </Button>
      ) : (
        <Button size="sm" variant="ghost" onClick={() => navigate(paths.signIn)}>
          <LogIn aria-hidden /> Login
        </Button>
      )}
    </div>
  );
}
