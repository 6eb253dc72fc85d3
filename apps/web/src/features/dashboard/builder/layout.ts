import type { Integration } from '@app/shared';
import type { NodePositions } from '../api/builder';

export const ADD_NODE_ID = 'add-new';
const COLS = 4;

/** Where a node goes when the user has not moved it yet: a grid, the 'add new' node in the next free slot. */
export function defaultPosition(index: number): { x: number; y: number } {
  return { x: 40 + (index % COLS) * 230, y: 40 + Math.floor(index / COLS) * 150 };
}

export function nodePosition(positions: NodePositions, id: string, index: number) {
  return positions[id] ?? defaultPosition(index);
}

/** The idea text for two tools the user joined in Connect Tools mode. */
export function ideaText(from: Integration, to: Integration): string {
  return `When "${from.actions[0]}" happens in ${from.name}, "${to.actions[0]}" in ${to.name}`;
}
