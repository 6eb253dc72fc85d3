import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { Plus } from 'lucide-react';
import { INTEGRATION_CATEGORIES, type Integration } from '@app/shared';
import { cn } from '@/lib/utils';
import { CategoryIcon } from '@/components/category-icon';

export type ToolNodeData = { tool: Integration; selected: boolean; connectMode: boolean };
export type ToolNode = Node<ToolNodeData, 'tool'>;
export type AddNode = Node<Record<string, never>, 'add'>;

/** A tool on the canvas. Handles are only anchors for the idea edges (the canvas is not drag-connectable). */
export function ToolNodeView({ data }: NodeProps<ToolNode>) {
  const { tool, selected, connectMode } = data;
  return (
    <div
      data-testid={`tool-node-${tool.id}`}
      className={cn(
        'flex w-48 items-center gap-3 rounded-xl border bg-card px-3 py-2.5 shadow-lg transition-colors',
        connectMode && 'cursor-pointer hover:border-accent',
        selected && 'border-accent ring-2 ring-accent/60',
      )}
    >
      <Handle type="target" position={Position.Left} className="!size-2 !border-0 !bg-accent/70" isConnectable={false} />
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-lg">
        <CategoryIcon category={tool.category} />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold">{tool.name}</span>
        <span className="block text-xs text-muted-foreground">{INTEGRATION_CATEGORIES[tool.category]}</span>
      </span>
      <Handle type="source" position={Position.Right} className="!size-2 !border-0 !bg-accent/70" isConnectable={false} />
    </div>
  );
}

/** The 'add new' node: not draggable, not connectable; clicking it opens 'Add Integration'. */
export function AddNodeView() {
  return (
    <div
      data-testid="add-new-node"
      className="flex w-48 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-primary/60 bg-primary/10 px-3 py-4 text-sm font-semibold text-primary transition-colors hover:bg-primary/20"
    >
      <Plus aria-hidden className="size-4" /> Add new
    </div>
  );
}
