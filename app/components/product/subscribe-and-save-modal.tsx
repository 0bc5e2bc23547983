import { Trans, useLingui } from '@lingui/react';
import { useEffect, useId, useState } from 'react';
import { formatAmount } from '../../../domain/money';
import { subscribeAndSavePriceText } from '../../../domain/plans';
import { messageOf, requestApi, succeeded } from '../../lib/api-request';
import { CART_FLOW_FAILED, type Cart } from '../../lib/cart-client';
import { useRootData } from '../../root';
import { useCart } from '../cart/cart-context';
import { Modal } from '../modal';
import { recordDecline, type SubscribeAndSaveOffer } from './subscribe-and-save-declines';

interface UpsellProduct {
  name: string;
  skus: { itemCode: string; salePrice: number; listPrice: number }[];
}

/**
 * SPEC §2 Subscribe and Save modal: loads the upsell product, says '$30 off', and either claims it (the wine and the
 * bump item in one request, with upsellOfferDetails) or, declined, adds the wine as chosen.
 */
export function SubscribeAndSaveModal({
  offer,
  pack,
  onClose,
}: {
  offer: SubscribeAndSaveOffer;
  pack: { itemCode: string; quantity: number };
  onClose: () => void;
}) {
  const id = useId();
  const { i18n } = useLingui();
  const { site } = useRootData();
  const { setCart, openDrawer, addToCart } = useCart();
  const [product, setProduct] = useState<UpsellProduct | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void requestApi<UpsellProduct>('GET', `/api/product/item/${encodeURIComponent(offer.bumpCode)}`).then((reply) => {
      if (live && succeeded(reply)) setProduct(reply.body.response);
    });
    return () => {
      live = false;
    };
  }, [offer.bumpCode]);
  const sku = product?.skus.find((s) => s.itemCode === offer.bumpCode);

  const claim = async () => {
    setBusy(true);
    const reply = await requestApi<Cart>('POST', '/api/cart', {
      cartItems: [
        { itemCode: pack.itemCode, quantity: pack.quantity },
        { itemCode: offer.bumpCode, quantity: 1, upsellOfferDetails: { type: offer.type, rule: offer.rule } },
      ],
    });
    setBusy(false);
    // SPEC §8 "Add to cart failure (cart flows)": the server's reason (an offer that no longer applies, a quantity
    // out of range) tells the shopper what to do; the fallback when it gives none.
    if (!succeeded(reply)) {
      setError(messageOf(reply) ?? CART_FLOW_FAILED);
      return;
    }
    setCart(reply.body.response);
    onClose();
    openDrawer();
  };
  const decline = async () => {
    recordDecline();
    onClose();
    await addToCart(pack.itemCode, pack.quantity);
  };
  const dismiss = () => {
    recordDecline();
    onClose();
  };
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-text`} onClose={dismiss} className="ss-modal">
      <h2 id={`${id}-title`}>{i18n._('Subscribe and Save')}</h2>
      <p id={`${id}-text`}>
        <Trans
          id="Get <0>$30 off</0> your 6 bottles, delivered again every 3 months. Skip or cancel any time."
          components={{ 0: <strong /> }}
        />
      </p>
      {product && sku ? (
        <p className="ss-modal__product">
          {product.name}:{' '}
          <s className="price--was">
            <span className="visually-hidden">{i18n._('Was')} </span>
            {subscribeAndSavePriceText(formatAmount(sku.listPrice, site))}
          </s>{' '}
          <strong>{subscribeAndSavePriceText(formatAmount(sku.salePrice, site))}</strong>
        </p>
      ) : (
        <p role="status">{i18n._('Loading the offer…')}</p>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {i18n._(error)}
        </p>
      ) : null}
      <p className="ss-modal__actions">
        <button type="button" className="button" disabled={busy || !sku} onClick={() => void claim()}>
          {i18n._('Claim $30 off')}
        </button>{' '}
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void decline()}>
          {i18n._('No thanks, just add my wine')}
        </button>
      </p>
    </Modal>
  );
}
