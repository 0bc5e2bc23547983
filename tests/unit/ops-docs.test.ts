import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The dashboard and alert rules in docs/ops name only metrics the server makes (server/metrics.ts, and Node's default
// metrics of prom-client): a renamed metric fails here, not on the operators' screens.

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const made = new Set([...read('server/metrics.ts').matchAll(/name: '(storefront_\w+)'/g)].map((m) => m[1]));
const NODE_DEFAULTS = ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes'];

/** The metric names an expression reads (a histogram's _bucket, _count and _sum are its own name's). */
function namesIn(text: string): string[] {
  return [...text.matchAll(/\b((?:storefront|nodejs)_\w+?)(?:_bucket|_count|_sum)?\b(?=[{[\s)])/g)].map((m) => m[1]!);
}

describe('docs/ops', () => {
  it('the dashboard is Grafana JSON whose every query names a metric the server makes', () => {
    const dashboard = JSON.parse(read('docs/ops/grafana-dashboard.json')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels)
      for (const { expr } of panel.targets) {
        const names = namesIn(expr);
        expect(names.length, panel.title).toBeGreaterThan(0);
        for (const name of names)
          expect(made.has(name) || NODE_DEFAULTS.includes(name), `${panel.title}: ${name}`).toBe(true);
      }
  });

  it('every alert rule names a metric the server makes', () => {
    const rules = read('docs/ops/alerts.yml')
      .split('\n')
      .filter((line) => line.trim().startsWith('expr:'));
    expect(rules.length).toBeGreaterThanOrEqual(5);
    for (const rule of rules)
      for (const name of namesIn(rule)) expect(made.has(name), `${rule.trim()}: ${name}`).toBe(true);
  });
});
