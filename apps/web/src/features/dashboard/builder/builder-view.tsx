import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Link2, Plus, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  connectionIdeasQuery,
  DuplicateConnectionIdeaError,
  useCreateConnectionIdea,
  useDeleteConnectionIdea,
} from '@/lib/connection-ideas';
import { connectionLinks, seedFromIdea } from '@/lib/connection-links';
import { integrationKeys } from '@/lib/data/integrations';
import { messages } from '@/lib/messages';
import { runtimeConfig } from '@/lib/runtime-config';
import { nodePositionsQuery, useAddUserTool, userToolsQuery, useSaveNodePositions } from '../api/queries';
import { AddIntegrationDialog } from './add-integration-dialog';
import { ConnectionIdeasList } from './connection-ideas-list';
import { ADD_NODE_ID, ideaText } from './layout';

const loadCanvas = () => import('./builder-canvas');
const BuilderCanvas = lazy(loadCanvas);

/** The builder: the user's tools on a canvas, Connect Tools mode, the ideas list and the strategy session. */
export function BuilderView() {
  const { user } = useAuth();
  const qc = useQueryClient();
  const tools = useQuery(userToolsQuery());
  const positions = useQuery(nodePositionsQuery(user?.id));
  const ideas = useQuery(connectionIdeasQuery());
  const [addOpen, setAddOpen] = useState(false);
  const [connectMode, setConnectMode] = useState(false);
  const [first, setFirst] = useState<string | null>(null);
  const navigate = useNavigate();
  // fetch React Flow's chunk while the tools and positions load, not after
  useEffect(() => {
    void loadCanvas();
  }, []);

  const fail = () => toast.error(messages.dashboard.saveFailed);
  const addTool = useAddUserTool({
    onSuccess: (_d, id) => {
      const name = qc
        .getQueriesData<{ id: string; name: string }[]>({ queryKey: integrationKeys.searches() })
        .flatMap(([, d]) => d ?? [])
        .find((i) => i.id === id)?.name;
      toast.success(messages.dashboard.toolAdded(name ?? 'Tool'));
    },
    onError: fail,
  });
  const savePositions = useSaveNodePositions(user?.id, fail);
  const createIdea = useCreateConnectionIdea({
    onSuccess: () => void toast.success(messages.dashboard.ideaCreated),
    onError: (e) => (e instanceof DuplicateConnectionIdeaError ? void toast.error(messages.dashboard.ideaDuplicate) : fail()),
  });
  const deleteIdea = useDeleteConnectionIdea({ onSuccess: () => void toast.success(messages.dashboard.ideaDeleted), onError: fail });

  const stopConnecting = () => {
    setConnectMode(false);
    setFirst(null);
  };
  // docs/product.md#builder: first node, then a different second node makes an idea and ends the mode.
  const onNodeClick = (id: string) => {
    if (id === ADD_NODE_ID) {
      if (!connectMode) setAddOpen(true);
      return;
    }
    if (!connectMode) return;
    if (!first) return setFirst(id);
    if (id === first) return;
    const from = tools.data?.find((t) => t.id === first);
    const to = tools.data?.find((t) => t.id === id);
    if (from && to) {
      const p = positions.data ?? {};
      createIdea.mutate({
        from: from.name,
        to: to.name,
        idea: ideaText(from, to),
        positions: { ...(p[from.id] ? { from: p[from.id]! } : {}), ...(p[to.id] ? { to: p[to.id]! } : {}) },
      });
    }
    stopConnecting();
  };

  const loading = tools.isPending || positions.isPending;
  const hint = !connectMode
    ? null
    : first
      ? `Now click a different tool to connect it with ${tools.data?.find((t) => t.id === first)?.name}.`
      : 'Click the first tool to connect.';

  return (
    <div className="grid gap-4 xl:grid-cols-[1fr_20rem]">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          {connectMode ? (
            <Button variant="outline" onClick={stopConnecting}>
              <X aria-hidden /> Cancel
            </Button>
          ) : (
            <Button variant="default" onClick={() => setConnectMode(true)} disabled={(tools.data?.length ?? 0) < 2}>
              <Link2 aria-hidden /> Connect Tools
            </Button>
          )}
          {!connectMode && (
            <Button variant="outline" onClick={() => setAddOpen(true)}>
              <Plus aria-hidden /> Add Integration
            </Button>
          )}
          {runtimeConfig().bookingUrl && (
            <Button asChild variant="gradient" className="ml-auto">
              <a href={runtimeConfig().bookingUrl} target="_blank" rel="noopener noreferrer">
                <CalendarClock aria-hidden /> Book Strategy Session
              </a>
            </Button>
          )}
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {hint ??
            ((tools.data?.length ?? 0) < 2
              ? 'Add at least two tools to connect them.'
              : 'Drag tools to arrange your stack; positions are saved.')}
          {!connectMode && (ideas.data?.length ?? 0) > 0 && ` ${messages.dashboard.edgeHint}`}
        </p>
        {connectMode && (
          // the same choice as clicking nodes, for keyboard and screen-reader users
          <div role="group" aria-label="Choose tools to connect" className="flex flex-wrap gap-2">
            {tools.data?.map((t) => (
              <Button
                key={t.id}
                size="sm"
                variant={first === t.id ? 'default' : 'secondary'}
                aria-pressed={first === t.id}
                onClick={() => onNodeClick(t.id)}
              >
                {t.name}
              </Button>
            ))}
          </div>
        )}
        {loading ? (
          <div className="flex h-[560px] items-center justify-center rounded-xl border">
            <Spinner className="size-6 text-primary" label="Loading your canvas" />
          </div>
        ) : (
          <Suspense
            fallback={
              <div className="flex h-[560px] items-center justify-center rounded-xl border">
                <Spinner className="size-6 text-primary" label="Loading the canvas" />
              </div>
            }
          >
            <BuilderCanvas
              tools={tools.data ?? []}
              positions={positions.data ?? {}}
              ideas={ideas.data ?? []}
              connectMode={connectMode}
              firstNodeId={first}
              onNodeClick={onNodeClick}
              onEdgeClick={(id) => {
                const idea = ideas.data?.find((i) => i.id === id);
                if (idea) void navigate(connectionLinks.build(seedFromIdea(idea, true)));
              }}
              onPositionsChange={(p) => savePositions.mutate(p)}
            />
          </Suspense>
        )}
      </div>
      <ConnectionIdeasList ideas={ideas.data ?? []} onDelete={(id) => deleteIdea.mutate(id)} deleting={deleteIdea.isPending} />
      <AddIntegrationDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        onCanvas={new Set(tools.data?.map((t) => t.id))}
        onAdd={(id) => addTool.mutate(id)}
        adding={addTool.isPending}
      />
    </div>
  );
}
