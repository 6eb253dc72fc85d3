import { describe, expect, it } from 'vitest';
import { ideaEdges } from './edges';

const tools = [
  { id: 'slack', name: 'Slack' },
  { id: 'gmail', name: 'Gmail' },
];
const idea = (id: string, from_tool: string, to_tool: string) => ({
  id,
  from_tool,
  to_tool,
  idea: 'x',
  created_at: '2026-01-01T00:00:00Z',
});

describe('ideaEdges', () => {
  it('draws an edge between two different tools on the canvas', () => {
    expect(ideaEdges([idea('a', 'Slack', 'Gmail')], tools).map((e) => [e.source, e.target])).toEqual([['slack', 'gmail']]);
  });
  it('refuses a self-loop: a tool cannot connect to itself', () => {
    expect(ideaEdges([idea('a', 'Slack', 'Slack'), idea('b', 'Gmail', 'Slack')], tools).map((e) => e.id)).toEqual(['b']);
  });
  it('skips ideas whose tools are not both on the canvas', () => {
    expect(ideaEdges([idea('a', 'Slack', 'Notion')], tools)).toEqual([]);
  });
});
