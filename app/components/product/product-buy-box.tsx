import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { formatMoney } from '../../../domain/money';
import type { ProductPageData } from '../../routes/product';
import { useRootData } from '../../root';
import type { UnlimitedState } from '../../../services/memberships/unlimited';
import { AddToCartButton } from '../cart/add-to-cart-button';
import { UnlimitedPricingLink } from '../unlimited/unlimited-pricing-link';
import { type SubscribeAndSaveOffer, useSubscribeAndSaveGate } from './subscribe-and-save';

/**
 * The product page's buy box: a pack size, a quantity and Add to cart. Its choices belong to one
 * product: render it with `key={product.itemCode}` so another product starts afresh.
 */
export function ProductBuyBox({
  product: p,
  packs: allPacks,
  unlimitedPriceText,
  title,
  unlimited,
  subscribeAndSave = null,
  onAdded,
}: Pick<ProductPageData, 'product' | 'packs' | 'unlimitedPriceText'> & {
  title: string;
  unlimited?: UnlimitedState;
  subscribeAndSave?: SubscribeAndSaveOffer | null;
  /** After a successful add: the quick view shows its item-added modal instead of the mini cart. */
  onAdded?: (itemCode: string, quantity: number) => void;
}) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const member = unlimited?.activeMember ?? false;
  // SPEC §4: ACTIVE or REQUESTED members are not offered the twelve-pack.
  const packs = member ? allPacks.filter((pack) => pack.size !== 12) : allPacks;
  const showMemberSavings = unlimited && !unlimited.member && unlimited.savingsPrompts && unlimited.showJoinPrompt;
  const outOfStock = p.availability === 'out_of_stock';
  const [packCode, setPackCode] = useState(packs[0]?.itemCode ?? p.itemCode);
  const [quantity, setQuantity] = useState('1');
  const qtyId = useId();
  // Its own id: a quick view opened on a product page shows a second buy box.
  const titleId = useId();
  const chosenQuantity = Math.max(1, Number(quantity) || 1);
  const packSize = packs.find((pack) => pack.itemCode === packCode)?.size ?? 1;
  const ss = useSubscribeAndSaveGate(subscribeAndSave, packSize * chosenQuantity, {
    itemCode: packCode,
    quantity: chosenQuantity,
  });
  return (
    <form className="buy-box" onSubmit={(e) => e.preventDefault()} aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {i18n._('Buy {title}', { title })}
      </h2>
      <fieldset>
        <legend>{i18n._('Choose how many')}</legend>
        {packs.map((pack) => {
          const label =
            pack.size === 1 && p.mixed
              ? i18n._('1 case')
              : i18n._('{count, plural, one {# bottle} other {# bottles}}', { count: pack.size });
          return (
            <label key={pack.itemCode} className="pack-option">
              <input
                type="radio"
                name="pack"
                value={pack.itemCode}
                checked={packCode === pack.itemCode}
                onChange={() => setPackCode(pack.itemCode)}
              />
              <span className="pack-option__label">{label}</span>
              <span className="pack-option__price">
                {pack.listPriceCents > pack.salePriceCents ? (
                  <>
                    <s className="price--was">
                      <span className="visually-hidden">{i18n._('Was')} </span>
                      {formatMoney(pack.listPriceCents, site)}
                    </s>{' '}
                  </>
                ) : null}
                <strong>{formatMoney(pack.salePriceCents, site)}</strong>
                {member && pack.memberPriceCents && pack.memberPriceCents < pack.salePriceCents ? (
                  <span className="price--member">
                    {' '}
                    {i18n._('Member price {price}', { price: formatMoney(pack.memberPriceCents, site) })}
                  </span>
                ) : null}
                {pack.size > 1 ? (
                  <span className="pack-option__each">
                    {' '}
                    {i18n._('({price} a bottle)', { price: formatMoney(pack.perBottleCents, site) })}
                  </span>
                ) : null}
              </span>
              {pack.showSavings ? (
                <span className="save">
                  {i18n._('SAVE {amount}', { amount: formatMoney(pack.savingsCents, site) })}
                </span>
              ) : null}
            </label>
          );
        })}
      </fieldset>
      <div className="buy-box__row">
        <label htmlFor={qtyId}>{i18n._('Quantity')}</label>
        <input
          id={qtyId}
          name="quantity"
          inputMode="numeric"
          pattern="[0-9]*"
          value={quantity}
          disabled={outOfStock || p.quantityLocked}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 2);
            setQuantity(digits);
          }}
          onBlur={() => {
            if (!quantity || quantity === '0') setQuantity('1');
          }}
          className="qty-input"
        />
        {outOfStock ? (
          <button type="button" className="button button--buy" disabled>
            {i18n._('Out of stock')}
          </button>
        ) : (
          <AddToCartButton
            itemCode={packCode}
            quantity={chosenQuantity}
            disabled={!Number(quantity)}
            intercept={ss.intercept}
            onAdded={onAdded}
          />
        )}
      </div>
      {showMemberSavings && unlimitedPriceText ? (
        <UnlimitedPricingLink unlimited={unlimited} text={unlimitedPriceText} />
      ) : null}
      {ss.modal}
      {p.preSell ? (
        <p className="note">{i18n._('Pre-sale: reserve now and we will deliver as soon as this wine lands.')}</p>
      ) : null}
    </form>
  );
}
