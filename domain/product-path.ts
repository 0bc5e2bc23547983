/** /product/{name-with-dashes}-{vintage}/{itemCode} (SPEC §2). */
export function productPath(p: { slug: string; vintage: number | null; itemCode: string }): string {
  const segment = p.vintage ? `${p.slug}-${p.vintage}` : p.slug;
  return `/product/${segment}/${encodeURIComponent(p.itemCode)}`;
}

/** The thumbnail and small images of a product (every image of a product is `{imageBase}-{size}.svg`). */
export function productImages(imageBase: string): { thumbnailImage: string; smallImage: string } {
  return { thumbnailImage: `${imageBase}-thumbnail.svg`, smallImage: `${imageBase}-small.svg` };
}

/** A name as a URL slug: accents dropped, lower case, words joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
