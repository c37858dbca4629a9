/**
 * The payment state chart as docs/architecture.md draws it (the Mermaid `stateDiagram-v2` block that holds
 * NOT_STARTED), read the way __tests__/docs/paymentStateChart.test.ts reads it: `FROM --> TO : type, type`,
 * `[*] --> S` for the initial status and `ANY --> S` for an edge from every other status. The model-based test
 * only needs which status changes the chart allows, so the edges are kept as (from, to) pairs with their
 * labels for messages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface StateChart {
  states: ReadonlySet<string>;
  initial: ReadonlySet<string>;
  /** `FROM --> TO` → the action types the chart writes on that edge. */
  edges: ReadonlyMap<string, readonly string[]>;
}

const ARCHITECTURE = path.resolve(__dirname, '..', '..', '..', 'docs', 'architecture.md');

export const edgeKey = (from: string, to: string) => `${from} --> ${to}`;

export function readStateChart(file = ARCHITECTURE): StateChart {
  const markdown = readFileSync(file, 'utf8');
  const blocks = [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const charts = blocks.filter((b) => /^\s*stateDiagram-v2\b/.test(b) && b.includes('NOT_STARTED'));
  const [chart, ...more] = charts;
  if (chart === undefined || more.length > 0)
    throw new Error(`expected one payment stateDiagram-v2 in ${file}, found ${charts.length}`);

  const lines: { from: string; to: string; types: string[] }[] = [];
  const states = new Set<string>();
  const initial = new Set<string>();
  for (const raw of chart.split('\n')) {
    const line = raw.replace(/%%.*$/, '').trim();
    if (!line.includes('-->')) continue;
    const match = /^(\[\*\]|\w+)\s*-->\s*(\w+)\s*(?::\s*(.+))?$/.exec(line);
    if (!match) throw new Error(`cannot read the chart line: ${raw}`);
    const [, from = '', to = '', label = ''] = match;
    const types = label
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (from === '[*]') initial.add(to);
    else if (from !== 'ANY') states.add(from);
    states.add(to);
    lines.push({ from, to, types });
  }
  const edges = new Map<string, string[]>();
  for (const { from, to, types } of lines) {
    if (from === '[*]') continue;
    const sources = from === 'ANY' ? [...states].filter((s) => s !== to) : [from];
    for (const source of sources) {
      const key = edgeKey(source, to);
      edges.set(key, [...(edges.get(key) ?? []), ...types]);
    }
  }
  return { states, initial, edges };
}
