import { describe, expect, it } from 'vitest';
import { checkRelevance, RELEVANCE_CASES } from '../support/search-relevance';
import { useTestApp } from '../support/test-app';

// The search relevance set (tests/support/search-relevance.ts) on the demo catalogue: every query's expectation
// holds, judged against the database. The bench prints the same set's hit rate.

const t = useTestApp();

describe('search relevance', () => {
  it('has at least 40 queries', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(RELEVANCE_CASES.map((c) => [c.query, c] as const))('"%s"', async (_, c) => {
    const outcome = await checkRelevance(t.testDb.database.db, 'AUD', c);
    expect(outcome.failures).toEqual([]);
  });
});
