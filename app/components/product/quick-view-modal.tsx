import { useLingui } from '@lingui/react';
import { useEffect, useId, useState } from 'react';
import { formatAmount } from '../../../domain/money';
import { Link, useFetcher } from 'react-router';
import type { ProductPageData } from '../../routes/product';
import { useRootData } from '../../root';
import { useCart } from '../cart/cart-context';
import { Modal } from '../modal';
import { ProductImage } from '../product-image';
import { ProductBuyBox } from './product-buy-box';

/**
 * The quick view: the product page's own data (its loader, through a fetcher) in a modal — the same pack prices
 * and buy box as the full page, so the two can never disagree.
 */
export function QuickViewModal({ path, title, onClose }: { path: string; title: string; onClose: () => void }) {
  const id = useId();
  const { i18n } = useLingui();
  const { site } = useRootData();
  const fetcher = useFetcher<ProductPageData>();
  const { load } = fetcher;
  useEffect(() => {
    load(path);
  }, [load, path]);
  const d = fetcher.data;
  const [added, setAdded] = useState<{ quantity: number; packSize: number } | null>(null);
  if (added)
    return <ItemAddedModal title={title} quantity={added.quantity} packSize={added.packSize} onClose={onClose} />;
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} closeOnBackdrop className="quick-view">
      <h2 id={`${id}-title`}>{title}</h2>
      {d ? (
        <div className="quick-view__body">
          <ProductImage site={site} imageBase={d.product.imageBase} size="small" alt={title} mixed={d.product.mixed} />
          <div>
            <ProductBuyBox
              product={d.product}
              packs={d.packs}
              unlimitedPriceText={d.unlimitedPriceText}
              title={title}
              unlimited={d.unlimited}
              onAdded={(itemCode, quantity) =>
                setAdded({ quantity, packSize: d.packs.find((pack) => pack.itemCode === itemCode)?.size ?? 1 })
              }
            />
            <p>
              <Link to={path} onClick={onClose}>
                {i18n._('View full details')}
              </Link>
            </p>
          </div>
        </div>
      ) : (
        <p role="status">
          {fetcher.state === 'idle' ? i18n._('Sorry, this wine could not be loaded.') : i18n._('Loading…')}
        </p>
      )}
      <button type="button" className="modal__close" onClick={onClose}>
        {i18n._('Close')}
      </button>
    </Modal>
  );
}

/**
 * The item-added modal (SPEC §2): what went in, what the cart holds now, and the two ways on — the cart, or
 * back to shopping. Focus starts on its heading so a screen reader announces the success.
 */
function ItemAddedModal({
  title,
  quantity,
  packSize,
  onClose,
}: {
  title: string;
  quantity: number;
  packSize: number;
  onClose: () => void;
}) {
  const id = useId();
  const { i18n } = useLingui();
  const { site } = useRootData();
  const { cart } = useCart();
  const bottles = cart?.lineItems.reduce((n, line) => n + line.quantity, 0) ?? 0;
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} closeOnBackdrop className="item-added">
      <h2 id={`${id}-title`} tabIndex={-1} data-autofocus>
        {i18n._('Added to your cart')}
      </h2>
      {/* A pack says so: "1 × wine" for six bottles would read as one bottle. */}
      <p className="item-added__item">
        {packSize > 1
          ? quantity > 1
            ? i18n._('{quantity} × {packSize}-bottle pack of {title} ({bottles} bottles)', {
                quantity,
                packSize,
                title,
                bottles: quantity * packSize,
              })
            : i18n._('{quantity} × {packSize}-bottle pack of {title}', { quantity, packSize, title })
          : `${quantity} × ${title}`}
      </p>
      {cart ? (
        <p className="item-added__cart">
          {i18n._('Your cart: {count, plural, one {{count} item} other {{count} items}}, subtotal {subtotal}', {
            count: bottles,
            subtotal: formatAmount(cart.orderPriceInfo.rawSubtotal, site),
          })}
        </p>
      ) : null}
      <div className="item-added__actions">
        <Link className="button" to="/cart" onClick={onClose}>
          {i18n._('View cart')}
        </Link>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {i18n._('Continue shopping')}
        </button>
      </div>
    </Modal>
  );
}
