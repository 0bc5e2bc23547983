import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import type { ProductSummary } from '../../../services/catalogue/catalogue';
import type { ItemList } from '../../../services/personal/lists';
import type { ListResult } from '../../lib/user-lists-client';
import { userListsClient } from '../../lib/user-lists-client';
import { useRootData } from '../../root';
import { Carousel } from '../carousel';
import { ProductTile } from '../product-tile';

/** Loads one personal list after hydration; null while loading, [] when empty or failing (SPEC §8: hidden). */
function usePersonalList(
  load: (() => Promise<ListResult<ItemList<unknown>>>) | null,
  reloadKey: string,
): ProductSummary[] | null {
  const [items, setItems] = useState<ProductSummary[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey says when to load again
  useEffect(() => {
    if (!load) return;
    let live = true;
    setItems(null);
    load()
      .then((result) => (result.ok ? result.value.userItems.map((u) => u.product) : []))
      .catch(() => [])
      .then((products) => {
        if (live) setItems(products);
      });
    return () => {
      live = false;
    };
  }, [reloadKey]);
  return items;
}

/**
 * SPEC §2 "recently viewed carousel": for identified visitors (SPEC §6), newest first, without the product
 * being viewed. Hidden when empty or failing.
 */
export function RecentlyViewed({ excludeItemCode }: { excludeItemCode?: string }) {
  const { i18n } = useLingui();
  const { site, visitor } = useRootData();
  const identified = visitor.tier !== 'Prospect';
  const items = usePersonalList(
    identified ? userListsClient.recentlyBrowsed : null,
    `${identified}:${excludeItemCode ?? ''}`,
  );
  const shown = (items ?? []).filter((p) => p.itemCode !== excludeItemCode);
  if (!identified || shown.length === 0) return null;
  return (
    <div className="personal-carousel" data-testid="recently-viewed">
      <Carousel key={excludeItemCode ?? 'home'} title={i18n._('Recently viewed')} perView={4} autoplayMs={6000}>
        {shown.map((p) => (
          <ProductTile key={p.itemCode} product={p} site={site} />
        ))}
      </Carousel>
    </div>
  );
}

/**
 * SPEC §2/§9 recommendations carousel, 3 per view. Only a Current visitor triggers the look-up (SPEC §6);
 * hidden when empty or failing (SPEC §8).
 */
export function Recommendations({ excludeItemCode }: { excludeItemCode?: string }) {
  const { i18n } = useLingui();
  const { site, visitor } = useRootData();
  const current = visitor.tier === 'Hard Logged-In';
  const items = usePersonalList(current ? userListsClient.mixedRecommendations : null, `${current}`);
  const shown = (items ?? []).filter((p) => p.itemCode !== excludeItemCode);
  if (!current || shown.length === 0) return null;
  return (
    <div className="personal-carousel" data-testid="recommendations">
      <Carousel title={i18n._('Recommended for you')} perView={3} autoplayMs={10000}>
        {shown.map((p) => (
          <ProductTile key={p.itemCode} product={p} site={site} />
        ))}
      </Carousel>
    </div>
  );
}
