import {
  Background,
  Controls,
  ReactFlow,
  useNodesState,
  type EdgeMouseHandler,
  type Node,
  type NodeMouseHandler,
  type OnNodeDrag,
  type ReactFlowInstance,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useState } from 'react';
import type { Integration } from '@app/shared';
import type { ConnectionIdea } from '@/lib/connection-ideas';
import type { NodePositions } from '../api/builder';
import { ideaEdges } from './edges';
import { ADD_NODE_ID, nodePosition } from './layout';
import { AddNodeView, ToolNodeView, type AddNode, type ToolNode } from './tool-node';

const nodeTypes = { tool: ToolNodeView, add: AddNodeView };
/** Room around the nodes, so none touches or crosses the canvas edge. */
const FIT = { maxZoom: 1, padding: 0.2 };

interface Props {
  tools: Integration[];
  positions: NodePositions;
  ideas: ConnectionIdea[];
  connectMode: boolean;
  firstNodeId: string | null;
  onNodeClick(id: string): void;
  /** An edge (a saved idea, by its id) was clicked: issue 40 turns it into a connection. */
  onEdgeClick(ideaId: string): void;
  onPositionsChange(positions: NodePositions): void;
}

/** The builder canvas (loaded on demand: React Flow is heavy). Positions are saved when a drag ends. */
export default function BuilderCanvas({
  tools,
  positions,
  ideas,
  connectMode,
  firstNodeId,
  onNodeClick,
  onEdgeClick,
  onPositionsChange,
}: Props) {
  const built = useMemo<(ToolNode | AddNode)[]>(
    () => [
      ...tools.map<ToolNode>((tool, i) => ({
        id: tool.id,
        type: 'tool',
        position: nodePosition(positions, tool.id, i),
        data: { tool, selected: firstNodeId === tool.id, connectMode },
        connectable: false,
        ariaLabel: tool.name,
      })),
      {
        id: ADD_NODE_ID,
        type: 'add',
        position: nodePosition(positions, ADD_NODE_ID, tools.length),
        data: {},
        draggable: false,
        connectable: false,
        selectable: false,
        ariaLabel: 'Add new integration',
      },
    ],
    [tools, positions, firstNodeId, connectMode],
  );
  const [nodes, setNodes, onNodesChange] = useNodesState<ToolNode | AddNode>(built);
  useEffect(() => setNodes(built), [built, setNodes]);

  const edges = useMemo(() => ideaEdges(ideas, tools), [ideas, tools]);

  // fitView on the prop only fits once, at start: a tool added later could sit outside the view, clipped.
  const [flow, setFlow] = useState<ReactFlowInstance<ToolNode | AddNode> | null>(null);
  const count = tools.length;
  useEffect(() => {
    if (flow) void flow.fitView(FIT);
  }, [flow, count]);

  const onDragStop: OnNodeDrag<Node> = (_e, _node, dragged) => {
    const next: NodePositions = { ...positions };
    for (const n of nodes) next[n.id] = next[n.id] ?? n.position;
    for (const n of dragged) next[n.id] = { x: Math.round(n.position.x), y: Math.round(n.position.y) };
    onPositionsChange(next);
  };
  const onClick: NodeMouseHandler<Node> = (_e, node) => onNodeClick(node.id);
  const onEdge: EdgeMouseHandler = (_e, edge) => onEdgeClick(edge.id);

  return (
    <div className="h-[560px] w-full overflow-hidden rounded-xl border bg-[#0d1428]" data-testid="builder-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onNodeDragStop={onDragStop}
        onNodeClick={onClick}
        onEdgeClick={onEdge}
        nodesConnectable={false}
        fitView
        fitViewOptions={FIT}
        onInit={setFlow}
        minZoom={0.4}
        maxZoom={1.5}
        colorMode="dark"
        style={{ '--xy-background-color': '#0d1428' } as React.CSSProperties}
      >
        <Background gap={24} color="#27314f" />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
