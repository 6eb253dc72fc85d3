import { Cable, LayoutGrid, Scale } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Integration } from '@app/shared';
import { Button } from '@/components/ui/button';
import { connectMessages } from '@/lib/messages/connect';
import { connectionLinks } from '@/lib/connection-links';
import { paths } from '@/lib/paths';
import { useAuth } from '@/lib/session/auth-context';
import { toast } from '@/lib/toast';
import { addToCanvas } from '../api/canvas';

const m = connectMessages.cardActions;

/**
 * A Marketplace card's actions (issue 40): put the tool on the dashboard's builder canvas, compare it in the Compare
 * tab, or start a connection with it. A visitor is sent to sign in first (and back here afterwards).
 */
export function CardActions({ item, onCompare, compareDisabled }: { item: Integration; onCompare(): void; compareDisabled: boolean }) {
  const { isLoaded, isSignedIn } = useAuth();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const add = async () => {
    // a stored session may still be loading: the insert then carries it (or is refused, and says so)
    if (isLoaded && !isSignedIn) return void navigate(paths.signIn, { state: { from: paths.connectAnything } });
    setAdding(true);
    try {
      await addToCanvas(item.id);
      toast.success(m.added(item.name));
    } catch {
      toast.error(m.addFailed);
    } finally {
      setAdding(false);
    }
  };
  return (
    <div role="group" aria-label={m.label(item.name)} className="flex flex-wrap gap-1.5">
      <Button size="sm" variant="outline" disabled={adding} onClick={() => void add()} aria-label={m.addLabel(item.name)}>
        <LayoutGrid aria-hidden /> {m.add}
      </Button>
      <Button size="sm" variant="outline" disabled={compareDisabled} onClick={onCompare} aria-label={m.compareLabel(item.name)}>
        <Scale aria-hidden /> {m.compare}
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link
          to={connectionLinks.build({ kind: 'marketplace', id: item.id, name: m.connectionName(item.name) })}
          aria-label={m.useLabel(item.name)}
        >
          <Cable aria-hidden /> {m.use}
        </Link>
      </Button>
    </div>
  );
}
