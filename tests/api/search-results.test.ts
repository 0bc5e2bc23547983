import { describe, expect, it } from 'vitest';
import { parseSearchParams } from '../../domain/search-params';
import { searchProducts } from '../../services/search/search';
import { useTestApp } from '../support/test-app';

const t = useTestApp();
const search = (query: string, currency: 'AUD' | 'NZD' = 'AUD') =>
  searchProducts(t.testDb.database.db, currency, parseSearchParams(new URLSearchParams(query)));

describe('searchProducts', () => {
  it('finds wines by grape, region and name words, best match first', async () => {
    const r = await search('Ntt=shiraz&Nty=1');
    expect(r.total).toBeGreaterThan(5);
    expect(r.items[0]!.name).toMatch(/shiraz/i);
    expect(r.facets.colour.map((f) => f.value)).toContain('red');
    const both = await search('Ntt=marlborough%20sauvignon%20blanc');
    expect(
      both.items.slice(0, 5).every((p) => /marlborough/i.test(`${p.name} ${p.region}`) && /sauvignon/i.test(p.name)),
    ).toBe(true);
  });

  it('tolerates a typo', async () => {
    const exact = await search('Ntt=shiraz');
    const typo = await search('Ntt=shiraaz');
    expect(typo.total).toBeGreaterThan(0);
    expect(typo.items.every((p) => /shiraz/i.test(p.name))).toBe(true);
    expect(new Set(typo.items.map((p) => p.itemCode))).toEqual(new Set(exact.items.map((p) => p.itemCode)));
  });

  it('narrows by facets and counts facets over the current results', async () => {
    const all = await search('');
    const reds = await search('colour=red');
    expect(reds.total).toBe(all.facets.colour.find((f) => f.value === 'red')!.count);
    expect(reds.items.every((p) => p.colour === 'red')).toBe(true);
    expect(reds.facets.colour).toEqual([{ value: 'red', count: reds.total, selected: true }]);
    const band = await search('colour=red&price=20-30');
    expect(band.total).toBe(reds.facets.price.find((f) => f.value === '20-30')!.count);
    expect(band.items.every((p) => p.salePriceCents >= 2_000 && p.salePriceCents < 3_000)).toBe(true);
    // The open band ($50 and over) as well: its bound must fit the database's integer (it once did not).
    const top = await search('price=50-plus');
    expect(top.total).toBe(all.facets.price.find((f) => f.value === '50-plus')!.count);
    expect(top.total).toBeGreaterThan(0);
    expect(top.items.every((p) => p.salePriceCents >= 5_000)).toBe(true);
    const twoColours = await search('colour=red&colour=white');
    expect(twoColours.total).toBe(reds.total + all.facets.colour.find((f) => f.value === 'white')!.count);
  });

  it('sorts by price both ways, rating, name and newest', async () => {
    const asc = await search('colour=white&sort=price-asc&Nrpp=96');
    const prices = asc.items.map((p) => p.salePriceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search('colour=white&sort=price-desc&Nrpp=96');
    expect(desc.items[0]!.salePriceCents).toBe(Math.max(...prices, desc.items[0]!.salePriceCents));
    const rated = await search('sort=rating&Nrpp=20');
    const ratings = rated.items.map((p) => p.ratingAverage);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const named = await search('sort=name&Nrpp=30');
    const names = named.items.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('pages with Nrpp and clamps bad paging instead of failing', async () => {
    const p1 = await search('Nrpp=10');
    const p2 = await search('Nrpp=10&page=2');
    expect(p1.items).toHaveLength(10);
    expect(p2.items.map((p) => p.itemCode)).not.toContain(p1.items[0]!.itemCode);
    const clamped = await search('page=-4&Nrpp=10000&colour=%3Cscript%3E&bogus=1');
    expect(clamped.items).toHaveLength(96);
    expect(clamped.total).toBe(p1.total);
  });

  it('returns nothing, with empty facets, for a term that matches nothing', async () => {
    const r = await search('Ntt=qqqzzzxx');
    expect(r.total).toBe(0);
    expect(r.items).toEqual([]);
    expect(r.facets.colour).toEqual([]);
  });

  it('prices in the site currency', async () => {
    const au = await search('Ntt=shiraz');
    const nz = await search('Ntt=shiraz', 'NZD');
    expect(nz.items.map((p) => p.itemCode)).toEqual(au.items.map((p) => p.itemCode));
    expect(nz.items.every((p, i) => p.salePriceCents > au.items[i]!.salePriceCents)).toBe(true);
  });
});
