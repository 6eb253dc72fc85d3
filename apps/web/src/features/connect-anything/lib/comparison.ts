import { COMPARE_MAX_TOOLS, type Integration } from '@app/shared';

/** Adds a tool unless it is already there or the comparison is full (docs/product.md#connect-anything: up to 3, no duplicates). */
export function addToComparison(list: readonly string[], id: string): string[] {
  if (list.includes(id) || list.length >= COMPARE_MAX_TOOLS) return [...list];
  return [...list, id];
}

/** `list` with `item` added as addToComparison says: the tools themselves, as a Marketplace card may add any tool. */
export const withTool = (list: readonly Integration[], item: Integration): Integration[] =>
  addToComparison(
    list.map((t) => t.id),
    item.id,
  ).map((id) => list.find((t) => t.id === id) ?? item);
