import { measurePageScripts, PAGE_JS_BUDGETS } from '../support/page-js';
import { expect, siteUrl, test } from './support/fixtures';

// Each page type stays within its JavaScript budget (tests/support/page-js.ts), and a page loads only its own
// locale's message catalogue.
for (const { label, site, path, budgetKb } of PAGE_JS_BUDGETS) {
  test(`the ${label} page loads at most ${budgetKb} KB of JavaScript`, async ({ context }) => {
    const { scripts, totalKb } = await measurePageScripts(context, siteUrl(site, path));
    const biggest = [...scripts]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 8)
      .map((s) => `${(s.gzip / 1024).toFixed(1)} KB ${new URL(s.url).pathname}`);
    expect(totalKb, `scripts loaded, biggest first:\n${biggest.join('\n')}`).toBeLessThanOrEqual(budgetKb);
    expect(scripts.filter((s) => /\/messages-[^/]+\.js$/.test(s.url))).toHaveLength(1);
  });
}
