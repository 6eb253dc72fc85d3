import type { Edge } from '@xyflow/react';
import type { Integration } from '@app/shared';
import type { ConnectionIdea } from '@/lib/connection-ideas';

/**
 * The canvas edges: one per idea whose two tools are both on the canvas. A tool never connects to itself
 * (issue 18: an idea saved from the coach as "X → X" was drawn as a loop), so such ideas draw no edge.
 */
export function ideaEdges(ideas: readonly ConnectionIdea[], tools: readonly Pick<Integration, 'id' | 'name'>[]): Edge[] {
  const byName = new Map(tools.map((t) => [t.name, t.id]));
  const edges: Edge[] = [];
  for (const i of ideas) {
    const source = byName.get(i.from_tool);
    const target = byName.get(i.to_tool);
    if (!source || !target || source === target) continue;
    // clickable (issue 40: an edge becomes a connection), so a pointer over it says so
    edges.push({
      id: i.id,
      source,
      target,
      animated: true,
      ariaLabel: `${i.from_tool} → ${i.to_tool}`,
      style: { stroke: '#22d3ee', strokeWidth: 2, cursor: 'pointer' },
    });
  }
  return edges;
}
