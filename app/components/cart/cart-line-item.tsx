import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { formatAmount } from '../../../domain/money';
import type { Cart } from '../../lib/cart-client';
import type { PublicSite } from '../../lib/site';
import { ProductImage } from '../product-image';
import { CartQuantity } from './cart-quantity';

type Line = Cart['lineItems'][number];

/** One line of the cart page: image, name and pack, quantity, price and Remove. */
export function CartLineItem({
  line,
  site,
  busy,
  onQuantity,
  onRemove,
}: {
  line: Line;
  site: PublicSite;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { i18n } = useLingui();
  const title = `${line.product.name}${line.product.vintage ? ` ${line.product.vintage}` : ''}`;
  return (
    <li className="cart-line" data-item-code={line.sku.itemCode}>
      <ProductImage
        site={site}
        imageBase={line.product.smallImage.replace(/-small\.svg$/, '')}
        size="thumbnail"
        alt=""
        mixed={line.product.mixed}
        eager
      />
      <div className="cart-line__body">
        <div>
          <h2 translate="no">{line.product.url ? <Link to={line.product.url}>{title}</Link> : title}</h2>
          {line.giftVoucherDetails ? (
            <GiftVoucherNote details={line.giftVoucherDetails} />
          ) : line.bottleCount === 0 ? null : (
            <p className="note">
              {line.sku.numberOfBottles > 1
                ? i18n._('{count, plural, one {# bottle} other {# bottles}} ({bottles}-pack)', {
                    count: line.bottleCount,
                    bottles: line.sku.numberOfBottles,
                  })
                : i18n._('{count, plural, one {# bottle} other {# bottles}}', { count: line.bottleCount })}
            </p>
          )}
        </div>
        <CartQuantity line={line} busy={busy} onChange={onQuantity} />
        <strong>{formatAmount(line.itemPriceInfo.amount, site)}</strong>
        <button type="button" className="link-button" disabled={busy} onClick={onRemove}>
          {i18n._('Remove')}
          <span className="visually-hidden" translate="no">
            {' '}
            {title}
          </span>
        </button>
      </div>
    </li>
  );
}

/** An e-gift card's recipient and message, as text (React escapes them: never HTML). */
function GiftVoucherNote({ details }: { details: NonNullable<Line['giftVoucherDetails']> }) {
  const { i18n } = useLingui();
  return (
    <div className="cart-line__gift">
      <p className="cart-line__gift-line">
        {i18n._('For {name} ({email})', { name: details.recipientName, email: details.recipientEmail })}
      </p>
      <p className="cart-line__gift-line">“{details.message}”</p>
    </div>
  );
}
