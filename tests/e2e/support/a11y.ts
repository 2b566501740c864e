// axe-core over the current page: every violation whose impact is serious or critical, in a
// form a failing test can print (rule, impact, each target with axe's own summary). The full
// result (minor and moderate too) is written next to the screenshots for reference.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface A11yProblem {
  rule: string;
  impact: string;
  help: string;
  targets: { target: string; summary: string }[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** Runs every rule axe ships (WCAG A/AA and best practice); returns all violations, worst first. */
export async function a11yProblems(page: Page, reportPath?: string): Promise<A11yProblem[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const order = ['critical', 'serious', 'moderate', 'minor'];
  const problems = results.violations
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }))
    .sort((a, b) => order.indexOf(a.impact) - order.indexOf(b.impact));
  if (reportPath) {
    mkdirSync(dirname(reportPath), { recursive: true });
    const incomplete = results.incomplete.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      examples: v.nodes
        .slice(0, 3)
        .map((n) => ({ target: n.target.map(String).join(' '), why: [...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ') })),
    }));
    writeFileSync(
      reportPath,
      `${JSON.stringify({ url: results.url, passes: results.passes.length, violations: problems, needsReview: incomplete }, null, 2)}\n`,
    );
  }
  return problems;
}

export function blocking(problems: A11yProblem[]): A11yProblem[] {
  return problems.filter((p) => BLOCKING.has(p.impact));
}

export function formatA11yProblems(screen: string, problems: A11yProblem[]): string {
  if (problems.length === 0) return `${screen}: no serious or critical axe violations`;
  const lines = [`${screen}: ${problems.length} serious/critical axe violation(s)`];
  for (const p of problems) {
    lines.push(`  [${p.impact}] ${p.rule}: ${p.help}`);
    for (const t of p.targets) lines.push(`    - ${t.target} :: ${t.summary}`);
  }
  return lines.join('\n');
}

/** Fails the test on any serious or critical violation, printing each; the full result goes to test-results/a11y/WHAT.json. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const problems = blocking(await a11yProblems(page, `test-results/a11y/${what}.json`));
  expect(problems, formatA11yProblems(what, problems)).toEqual([]);
}
