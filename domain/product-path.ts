/** /product/{name-with-dashes}-{vintage}/{itemCode} (SPEC §2). */
export function productPath(p: { slug: string; vintage: number | null; itemCode: string }): string {
  const segment = p.vintage ? `${p.slug}-${p.vintage}` : p.slug;
  return `/product/${segment}/${encodeURIComponent(p.itemCode)}`;
}
