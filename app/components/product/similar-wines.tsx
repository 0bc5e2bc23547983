import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { amountToCents, formatMoney } from '../../../domain/money';
import { requestApi } from '../../lib/api-request';
import { useRootData } from '../../root';
import { Carousel } from '../carousel';
import { ProductImage } from '../product-image';
import { MemberPrice } from '../product-tile';
import { Rating } from '../rating';

export interface SimilarWine {
  itemCode: string;
  title: string;
  url: string;
  imageBase: string;
  mixed: boolean;
  averageRating: number;
  numberOfReviews: number;
  salePriceCents: number | null;
  memberPriceCents: number | null;
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const cents = (amount: unknown): number | null => {
  const n = num(amount);
  return n === null ? null : amountToCents(n);
};

/**
 * The tiles of a similar_wines_json.jsp response (SPEC §7): each item carries its product as JSON text.
 * Items whose product text does not parse, or lacks a name or url, are skipped.
 */
export function parseSimilarWines(body: unknown): SimilarWine[] {
  const b = body as { statusCode?: unknown; response?: { items?: unknown } } | null;
  if (b?.statusCode !== 0 || !Array.isArray(b.response?.items)) return [];
  const wines: SimilarWine[] = [];
  for (const item of b.response.items as { itemCode?: unknown; product?: unknown }[]) {
    let p: Record<string, unknown>;
    try {
      p = (typeof item.product === 'string' ? JSON.parse(item.product) : item.product) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!p || typeof p !== 'object') continue;
    const itemCode =
      typeof p.itemCode === 'string' ? p.itemCode : typeof item.itemCode === 'string' ? item.itemCode : null;
    if (!itemCode || typeof p.name !== 'string' || typeof p.url !== 'string' || !p.url.startsWith('/')) continue;
    const vintage = typeof p.vintage === 'number' || typeof p.vintage === 'string' ? String(p.vintage) : '';
    wines.push({
      itemCode,
      title: vintage ? `${p.name} ${vintage}` : p.name,
      url: p.url,
      imageBase: typeof p.smallImage === 'string' ? p.smallImage.replace(/-small\.svg$/, '') : '',
      mixed: p.mixed === true,
      averageRating: num(p.averageRating) ?? 0,
      numberOfReviews: num(p.numberOfReviews) ?? 0,
      salePriceCents: cents(p.salePrice),
      memberPriceCents: cents(p.memberPrice),
    });
  }
  return wines;
}

/**
 * SPEC §2 "similar wines carousel" on the product page, fetched after hydration. An empty list or a
 * failed fetch hides it (SPEC §8).
 */
export function SimilarWines({ itemCode }: { itemCode: string }) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const [wines, setWines] = useState<SimilarWine[] | null>(null);

  useEffect(() => {
    let live = true;
    setWines(null);
    void requestApi('GET', `/jsp/api/us/similar_wines_json.jsp?currentItemCode=${encodeURIComponent(itemCode)}`).then(
      (reply) => {
        if (live) setWines(reply.ok ? parseSimilarWines(reply.body) : []);
      },
    );
    return () => {
      live = false;
    };
  }, [itemCode]);

  if (!wines || wines.length === 0) return null;
  return (
    <div className="product__section similar-wines" data-testid="similar-wines">
      <Carousel key={itemCode} title={i18n._('Similar wines')} perView={4} autoplayMs={6000}>
        {wines.map((w) => (
          <article key={w.itemCode} className="tile" data-item-code={w.itemCode}>
            <Link to={w.url} className="tile__image" tabIndex={-1} aria-hidden="true">
              <ProductImage site={site} imageBase={w.imageBase} size="small" alt="" mixed={w.mixed} />
            </Link>
            <div className="tile__body">
              <h3 className="tile__title">
                <Link to={w.url} translate="no">
                  {w.title}
                </Link>
              </h3>
              <Rating average={w.averageRating} count={w.numberOfReviews} />
              {w.salePriceCents !== null ? (
                <p className="tile__price">
                  <strong>{formatMoney(w.salePriceCents, site)}</strong>
                  <MemberPrice price={w} />
                </p>
              ) : null}
            </div>
          </article>
        ))}
      </Carousel>
    </div>
  );
}
